import type { YieldMarket } from '@contract/service'
import { explorerDb, prefixRange } from './db'
import { wireNumber } from './records'

interface MarketQuery {
  provider?: string
  /** The service's chain id as a string, as YieldGetMarkets takes it; a network name also matches. */
  chainId?: string
  type?: string
  search?: string
  sort?: string
  limit: number
  offset: number
}

const lower = (s: string | undefined) => s?.trim().toLowerCase() ?? ''

const marketName = (m: YieldMarket) => m.metadata?.name ?? m.token?.name ?? m.id

/** The text free search looks in: names, token symbols, network, provider and id. */
const haystack = (m: YieldMarket) =>
  [marketName(m), m.id, m.network, m.providerId, m.token?.symbol, m.token?.name, ...(m.inputTokens ?? []).map((t) => t.symbol), ...(m.tags ?? [])]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()

/** Numeric order with unknown values last either way, so "highest first" never starts with blanks. */
const byNumber =
  (get: (m: YieldMarket) => number | undefined, dir: 1 | -1) =>
  (a: YieldMarket, b: YieldMarket): number => {
    const x = get(a)
    const y = get(b)
    if (x === y) return 0
    if (x === undefined) return 1
    if (y === undefined) return -1
    return (x - y) * dir
  }
const tvl = (m: YieldMarket) => wireNumber(m.statistics?.tvlUsd)
const rate = (m: YieldMarket) => wireNumber(m.rewardRate?.total)

/**
 * Orders the service may be asked for. `rewardRateDesc` is the one the spec names; an
 * unknown order keeps the markets in id order rather than guessing.
 */
const SORTS: Record<string, (a: YieldMarket, b: YieldMarket) => number> = {
  rewardRateDesc: byNumber(rate, -1),
  rewardRateAsc: byNumber(rate, 1),
  tvlDesc: byNumber(tvl, -1),
  tvlAsc: byNumber(tvl, 1),
  nameAsc: (a, b) => marketName(a).localeCompare(marketName(b)),
  nameDesc: (a, b) => marketName(b).localeCompare(marketName(a)),
}

/**
 * The request's `type` is a category (lending or vault) the market object does not
 * carry; its mechanics type is finer (a staking vault is a vault), so anything that is
 * not lending counts as a vault.
 */
const marketCategory = (m: YieldMarket) => (lower(m.mechanics?.type) === 'lending' ? 'lending' : 'vault')

/**
 * YieldGetMarkets answered from the cache. A profile holds at most a few thousand
 * markets, so they are filtered in memory; `offset` mirrors the service's own paging.
 * `fetchedAt` is the oldest fetch among the markets returned.
 */
export async function queryMarkets(
  profileId: string,
  filter: MarketQuery,
): Promise<{ items: YieldMarket[]; total: number; fetchedAt?: number }> {
  const rows = await prefixRange(explorerDb().markets, ':id', profileId).toArray()
  const provider = lower(filter.provider)
  const chain = lower(filter.chainId)
  const type = lower(filter.type)
  const needle = lower(filter.search)
  const matching = rows.filter(({ market: m }) => {
    if (provider && lower(m.providerId) !== provider) return false
    if (chain && String(m.chainId ?? '') !== chain && lower(m.network) !== chain) return false
    if (type && marketCategory(m) !== type) return false
    return !needle || haystack(m).includes(needle)
  })
  const order = filter.sort ? SORTS[filter.sort] : undefined
  if (order) matching.sort((a, b) => order(a.market, b.market))
  const page = matching.slice(filter.offset, filter.offset + filter.limit)
  return {
    items: page.map((r) => r.market),
    total: matching.length,
    fetchedAt: page.length ? Math.min(...page.map((r) => r.fetchedAt)) : undefined,
  }
}

/** One market by id, for the market detail offline. */
export async function readMarket(profileId: string, id: string): Promise<{ market: YieldMarket; fetchedAt: number } | undefined> {
  const r = await explorerDb().markets.get([profileId, id])
  return r && { market: r.market, fetchedAt: r.fetchedAt }
}
