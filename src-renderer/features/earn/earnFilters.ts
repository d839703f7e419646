import type { EarnPool, GetEarnPoolsRequest } from '@contract/service'
import { filterCodec, splitList, text, type Problem } from '../../lib/filterCodec'

/**
 * Earn pool filters as typed (in the URL and the form): chain ids and protocol names as
 * comma-separated lists, TVL and APY as text until they are checked. One table for the
 * shared codec (`lib/filterCodec.ts`): the URL keys, and what each field asks the
 * service. `maxApy` is a percentage, like the pools' `apy` (5 means 5 %).
 */
export interface EarnFilterDraft {
  chainIds: string[]
  protocols: string
  minTvl: string
  maxApy: string
}

const NUMBER = /^\d+(\.\d+)?$/

const amount = (what: string, example: string, key: 'minTvl' | 'maxApy') => (typed: string): GetEarnPoolsRequest | Problem => {
  const t = typed.replace(/[_\s]/g, '')
  if (!NUMBER.test(t)) return { problem: `${what} must be a number, 0 or more (e.g. ${example})` }
  // Hundreds of digits read as Infinity, which JSON would send as null.
  return Number.isFinite(Number(t)) ? { [key]: Number(t) } : { problem: `${what} is too large to send` }
}

export const earnFilters = filterCodec<EarnFilterDraft, GetEarnPoolsRequest>({
  chainIds: {
    key: 'chains',
    empty: [],
    parse: ([t]) => splitList(t),
    serialise: (ids) => ids.join(','),
    toRequest: (ids) => {
      const bad = ids.find((c) => !(/^\d+$/.test(c) && Number(c) > 0))
      if (bad !== undefined) return { problem: `“${bad}” is not a chain id` }
      return ids.length ? { chainIds: ids.map(Number) } : undefined
    },
  },
  protocols: { ...text('protocols', (v) => ({ protocols: splitList(v) })), serialise: (v) => splitList(v).join(', ') },
  minTvl: text('minTvl', amount('Minimum TVL', '1000000', 'minTvl')),
  maxApy: text('maxApy', amount('Maximum APY', '12.5', 'maxApy')),
})

/**
 * The service's filters applied to cached pools (all conditions must hold). Protocols
 * match the pool's protocol name in any case; the service may also match protocol ids
 * that cached pools do not carry.
 */
export function filterEarnPools(pools: readonly EarnPool[], r: GetEarnPoolsRequest): EarnPool[] {
  const protocols = r.protocols?.map((p) => p.toLowerCase())
  return pools.filter(
    (p) =>
      (!r.chainIds?.length || (p.chainId !== undefined && r.chainIds.includes(p.chainId))) &&
      (!protocols?.length || (p.protocol !== undefined && protocols.includes(p.protocol.toLowerCase()))) &&
      (r.minTvl === undefined || (p.tvl !== undefined && p.tvl >= r.minTvl)) &&
      (r.maxApy === undefined || (p.apy !== undefined && p.apy <= r.maxApy)),
  )
}

/** "4.52%": `apy` is already a percentage. */
export const formatApy = (apy: number | undefined): string => (apy === undefined ? '—' : `${apy.toFixed(2)}%`)
