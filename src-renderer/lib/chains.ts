import type { ChainInfo } from '@contract/service'
import { safeHttpUrl } from './safeUrl'

/** Labels and links for chains, given the chain list (`data/reference/chains.ts` owns it). */

export const chainName = (byId: ReadonlyMap<number, ChainInfo>, id: number | undefined): string =>
  id === undefined ? '—' : (byId.get(id)?.name ?? `Chain ${id}`)

/** The chains as pickers list them: mainnets, then testnets, each by name; a group without chains is left out. */
export function pickerGroups(byId: ReadonlyMap<number, ChainInfo>): Array<[label: string, chains: ChainInfo[]]> {
  const all = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
  const groups: Array<[string, ChainInfo[]]> = [['Mainnets', all.filter((c) => !c.isTestnet)], ['Testnets', all.filter((c) => c.isTestnet)]]
  return groups.filter(([, chains]) => chains.length)
}

/** "Ethereum → Base": a route by its chains' names. */
export const routeName = (byId: ReadonlyMap<number, ChainInfo>, origin: number | undefined, destination: number | undefined): string =>
  `${chainName(byId, origin)} → ${chainName(byId, destination)}`

/** Explorer link for a transaction or address, when the service told us the chain's explorer and it is http(s). */
export function explorerUrl(
  byId: ReadonlyMap<number, ChainInfo>,
  chainId: number | undefined,
  kind: 'tx' | 'address',
  value: string,
): string | undefined {
  const base = chainId === undefined ? undefined : safeHttpUrl(byId.get(chainId)?.blockExplorer?.url)
  if (!base) return undefined
  return `${base.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(value)}`
}
