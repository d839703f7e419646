import { createContext, useContext } from 'react'
import type { SvcError } from '@contract/errors'
import type { ChainInfo, TokenMetadata } from '@contract/service'

/**
 * What shared display pieces (`components/`) need to know beyond their props: chain names
 * and explorers, learnt token labels, why the app is offline, and served logos. The data
 * layer owns all of it (`data/displaySources.ts`) and provides it through this context, so
 * components depend on `lib/` only and render on their own (nothing known) in tests.
 */

/** What the app knows to name a token by: the service's token metadata without its place. */
export type TokenLabel = Pick<TokenMetadata, 'symbol' | 'decimals' | 'name' | 'logoUri'>

/** Token labels by `chainId:address` (address lower-cased). */
export type TokenLabels = ReadonlyMap<string, TokenLabel>

export const tokenLabelKey = (chainId: number | undefined, address: string | undefined): string =>
  `${chainId ?? '?'}:${String(address ?? '').toLowerCase()}`

export function tokenLabel(byKey: TokenLabels, chainId: number | undefined, address: string | undefined): TokenLabel | undefined {
  return byKey.get(tokenLabelKey(chainId, address))
}

export interface ChainDirectory {
  byId: ReadonlyMap<number, ChainInfo>
  loading: boolean
}

export interface OfflineReason {
  /** The person chose to work offline. */
  forced: boolean
  /** The failure that made the app think the service is out of reach, if any. */
  outage: SvcError | null
}

/**
 * The sources, as hooks. The value given to the provider must stay the same object for
 * the tree's life: components call its hooks unconditionally on every render.
 */
export interface DisplaySources {
  useChainDirectory(): ChainDirectory
  useTokenLabels(): TokenLabels
  useOfflineReason(): OfflineReason
  /** A logo's page-local URL (fetched once through the main process), null for initials. */
  servedLogo(uri: string): Promise<string | null>
}

const NO_CHAINS: ChainDirectory = { byId: new Map(), loading: false }
const NO_LABELS: TokenLabels = new Map()
const ONLINE: OfflineReason = { forced: false, outage: null }

/** Without a provider nothing is known: ids and addresses show as they are, logos as initials. */
const NOTHING_KNOWN: DisplaySources = {
  useChainDirectory: () => NO_CHAINS,
  useTokenLabels: () => NO_LABELS,
  useOfflineReason: () => ONLINE,
  servedLogo: () => Promise.resolve(null),
}

const DisplaySourcesContext = createContext<DisplaySources>(NOTHING_KNOWN)

export const DisplaySourcesProvider = DisplaySourcesContext.Provider

export const useDisplaySources = (): DisplaySources => useContext(DisplaySourcesContext)
export const useChainDirectory = (): ChainDirectory => useDisplaySources().useChainDirectory()
export const useChainsById = (): ReadonlyMap<number, ChainInfo> => useChainDirectory().byId
export const useTokenLabels = (): TokenLabels => useDisplaySources().useTokenLabels()
export const useOfflineReason = (): OfflineReason => useDisplaySources().useOfflineReason()
