import type { RewardRate, YieldBalance, YieldBalances, YieldError } from '@contract/service'
import type { CsvColumn } from '@contract/csv'
import type { Slice } from '../charts/BreakdownChart'
import { wireNumber } from '@contract/amount'
import { csvList } from '../markets/marketText'

/**
 * Pure shaping of a YieldGetAggregateBalances answer for display: positions grouped by
 * market and by balance type with USD totals, the parts for the allocation charts, and
 * the value series from cached snapshots.
 */

/** The balance types the service uses, in the order a reader follows a position. */
const BALANCE_TYPES = ['active', 'entering', 'exiting', 'withdrawable', 'claimable', 'locked'] as const
/** Label for balances without a type (the payload form of the answer has none). */
export const UNTYPED = 'position'

/** Sum where any known value counts; undefined only when nothing reported a value. */
export const sumUsd = (values: ReadonlyArray<number | undefined>): number | undefined =>
  values.reduce<number | undefined>((total, v) => (v === undefined ? total : (total ?? 0) + v), undefined)

const typeRank = (t: string) => {
  const i = (BALANCE_TYPES as readonly string[]).indexOf(t)
  return i === -1 ? BALANCE_TYPES.length : i
}
const byType = (a: string, b: string) => typeRank(a) - typeRank(b) || a.localeCompare(b)

const balanceType = (b: YieldBalance): string => b.type?.trim() || UNTYPED

function groupTypes(balances: readonly YieldBalance[]) {
  return [...new Set(balances.map(balanceType))].sort(byType).map((type) => {
    const list = balances.filter((b) => balanceType(b) === type)
    return { type, balances: list, totalUsd: sumUsd(list.map((b) => wireNumber(b.amountUsd))) }
  })
}

/**
 * One group per market, largest USD value first. Entries for the same market (several
 * wallets, or a split answer) are merged; markets where nothing is held are dropped.
 */
export function groupByMarket(items: readonly YieldBalances[], nameOf: (yieldId: string) => string | undefined) {
  const merged = new Map<string, { balances: YieldBalance[]; rewardRate?: RewardRate; outputTokenBalance?: YieldBalance }>()
  for (const item of items) {
    const id = item.yieldId ?? ''
    const entry = merged.get(id) ?? { balances: [] }
    entry.balances.push(...(item.balances ?? []))
    entry.rewardRate ??= item.rewardRate
    entry.outputTokenBalance ??= item.outputTokenBalance
    merged.set(id, entry)
  }
  const groups = [...merged].flatMap(([yieldId, e]) => {
    const types = groupTypes(e.balances)
    const name = nameOf(yieldId) ?? (yieldId || 'Unnamed yield')
    const totalUsd = sumUsd(types.map((t) => t.totalUsd))
    return e.balances.length ? [{ yieldId, name, totalUsd, types, rewardRate: e.rewardRate, outputTokenBalance: e.outputTokenBalance }] : []
  })
  return groups.sort((a, b) => (b.totalUsd ?? -1) - (a.totalUsd ?? -1) || a.name.localeCompare(b.name))
}

export type MarketGroup = ReturnType<typeof groupByMarket>[number]

/** USD per balance type across every market. */
export function totalsByType(groups: readonly MarketGroup[]) {
  return groupTypes(groups.flatMap((g) => g.types.flatMap((t) => t.balances)))
}

export const allocationByMarket = (groups: readonly MarketGroup[]): Slice[] =>
  groups.flatMap((g) => (g.totalUsd !== undefined && g.totalUsd > 0 ? [{ label: g.name, value: g.totalUsd }] : []))

/** USD per token symbol (on its network when the same symbol lives on several). */
export function allocationByToken(groups: readonly MarketGroup[]): Slice[] {
  const held = groups
    .flatMap((g) => g.types.flatMap((t) => t.balances))
    .map((b) => ({ symbol: b.token?.symbol ?? 'Unknown token', network: b.token?.network ?? b.network ?? '', usd: wireNumber(b.amountUsd) }))
  const networksOf = new Map<string, Set<string>>()
  for (const h of held) networksOf.set(h.symbol, (networksOf.get(h.symbol) ?? new Set()).add(h.network))
  const byToken = new Map<string, number>()
  for (const { symbol, network, usd } of held) {
    if (usd === undefined || usd <= 0) continue
    const label = networksOf.get(symbol)!.size > 1 && network ? `${symbol} (${network})` : symbol
    byToken.set(label, (byToken.get(label) ?? 0) + usd)
  }
  return [...byToken].map(([label, value]) => ({ label, value }))
}

/** Total value at each cached fetch, oldest first; fetches without a USD value are skipped. */
export function valueSeries(snapshots: ReadonlyArray<{ fetchedAt: number; totalUsd?: number }>): Array<{ t: number; usd: number }> {
  return snapshots
    .filter((s): s is { fetchedAt: number; totalUsd: number } => s.totalUsd !== undefined)
    .map((s) => ({ t: s.fetchedAt, usd: s.totalUsd }))
    .sort((a, b) => a.t - b.t)
}

/** Errors as a reader wants them: the yield named, the message whole. */
export const errorLabel = (e: YieldError, nameOf: (id: string) => string | undefined): string =>
  e.yieldId ? (nameOf(e.yieldId) ? `${nameOf(e.yieldId)} (${e.yieldId})` : e.yieldId) : 'Wallet lookup'

/** One CSV line: a balance of a market, or a lookup that failed (with `error` set). */
type PositionCsvRow = { yieldId: string; market: string; balance?: YieldBalance; error?: string }

export function positionCsvRows(groups: readonly MarketGroup[], errors: readonly YieldError[]): PositionCsvRow[] {
  return [
    ...groups.flatMap((g) => g.types.flatMap((t) => t.balances.map((balance) => ({ yieldId: g.yieldId, market: g.name, balance })))),
    ...errors.map((e) => ({ yieldId: e.yieldId ?? '', market: '', error: e.error ?? 'failed' })),
  ]
}

/** Amounts go out exactly as the service sent them: display amount and base units both. */
export const POSITION_CSV_COLUMNS: CsvColumn<PositionCsvRow>[] = [
  { header: 'yieldId', value: (r) => r.yieldId },
  { header: 'market', value: (r) => r.market },
  { header: 'type', value: (r) => (r.balance ? balanceType(r.balance) : undefined) },
  { header: 'address', value: (r) => r.balance?.address },
  { header: 'network', value: (r) => r.balance?.network ?? r.balance?.token?.network },
  { header: 'token', value: (r) => r.balance?.token?.symbol },
  { header: 'tokenAddress', value: (r) => r.balance?.token?.address },
  { header: 'decimals', value: (r) => r.balance?.token?.decimals },
  { header: 'amount', value: (r) => r.balance?.amount },
  { header: 'amountRaw', value: (r) => r.balance?.amountRaw },
  { header: 'amountUsd', value: (r) => r.balance?.amountUsd },
  { header: 'shareAmount', value: (r) => r.balance?.shareAmount },
  { header: 'shareToken', value: (r) => r.balance?.shareToken?.symbol },
  { header: 'isEarning', value: (r) => r.balance?.isEarning },
  { header: 'date', value: (r) => r.balance?.date },
  { header: 'pendingActions', value: (r) => csvList((r.balance?.pendingActions ?? []).map((a) => a.type)) },
  {
    header: 'validators',
    value: (r) => csvList([r.balance?.validator, ...(r.balance?.validators ?? [])].map((v) => v?.name ?? v?.address)),
  },
  { header: 'error', value: (r) => r.error },
]
