/**
 * Route providers: `AUTO` plus thirteen upper-case codes. This table is the one place to
 * change them; intents, filters and GetChains all read it.
 *
 * `AUTO` marks a leg the service routed itself (same-token or same-chain moves), so an
 * intent's swap or bridge provider is `AUTO` exactly when no third party was needed.
 */
import { CHAINS } from './chains'

export interface RouteProviderDef {
  code: string
  swaps: boolean
  bridges: boolean
  /** Chain ids served; `'all'` for every chain the service lists. */
  chains: readonly number[] | 'all'
}

const MAJOR = [1, 10, 137, 8453, 42161]
const TESTNETS = [11155111, 84532, 421614, 11155420, 80002, 43113]

export const ROUTE_PROVIDERS: readonly RouteProviderDef[] = [
  { code: 'AUTO', swaps: true, bridges: true, chains: 'all' },
  { code: 'RELAY', swaps: true, bridges: true, chains: [...MAJOR, 56, 100, 146, 324, 5000, 42220, 43114, 59144, 81457, 534352, ...TESTNETS] },
  { code: 'CCTP', swaps: false, bridges: true, chains: [1, 10, 137, 8453, 42161, 43114, 59144, 146, 11155111, 84532, 421614, 11155420, 43113] },
  { code: 'LIFI', swaps: true, bridges: true, chains: [...MAJOR, 56, 100, 146, 324, 5000, 42220, 43114, 59144, 81457, 534352] },
  { code: 'SOCKET', swaps: true, bridges: true, chains: [...MAJOR, 56, 100, 324, 43114, 59144, 534352] },
  { code: 'ACROSS', swaps: false, bridges: true, chains: [...MAJOR, 324, 59144, 81457, 534352, 11155111, 84532, 421614] },
  { code: 'STARGATE', swaps: false, bridges: true, chains: [...MAJOR, 56, 5000, 43114, 59144, 81457, 534352] },
  { code: 'ZEROX', swaps: true, bridges: false, chains: [...MAJOR, 56, 43114, 59144, 81457, 534352] },
  { code: 'ONEINCH', swaps: true, bridges: false, chains: [...MAJOR, 56, 100, 146, 324, 43114, 59144] },
  { code: 'PARASWAP', swaps: true, bridges: false, chains: [...MAJOR, 56, 100, 146, 43114] },
  { code: 'SQUID', swaps: true, bridges: true, chains: [...MAJOR, 56, 42220, 43114, 59144, 534352] },
  { code: 'DEBRIDGE', swaps: false, bridges: true, chains: [...MAJOR, 56, 100, 146, 43114, 59144] },
  { code: 'HOP', swaps: false, bridges: true, chains: [1, 10, 100, 137, 8453, 42161, 59144] },
  { code: 'CELER', swaps: false, bridges: true, chains: [...MAJOR, 56, 324, 5000, 42220, 43114, 534352] },
]

export const PROVIDER_CODES: readonly string[] = ROUTE_PROVIDERS.map((p) => p.code)
export const AUTO = 'AUTO'

const PROVIDER_BY_CODE = new Map(ROUTE_PROVIDERS.map((p) => [p.code, p]))

export const providerByCode = (code: string): RouteProviderDef | undefined => PROVIDER_BY_CODE.get(code)

export function providerServes(p: RouteProviderDef, chainId: number): boolean {
  return p.chains === 'all' ? CHAINS.some((c) => c.id === chainId) : p.chains.includes(chainId)
}

/** Third-party providers able to do one leg between two chains. */
export function candidateProviders(role: 'swaps' | 'bridges', fromChain: number, toChain: number): RouteProviderDef[] {
  return ROUTE_PROVIDERS.filter((p) => p.code !== AUTO && p[role] && providerServes(p, fromChain) && providerServes(p, toChain))
}
