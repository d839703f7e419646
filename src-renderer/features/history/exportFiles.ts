import type { DataSource } from '@contract/app'
import type { IntentHistoryEntry } from '@contract/service'
import { toCsv, type CsvColumn } from '@contract/csv'
import { pricedHow, pricingText, valueAll, type PriceBook } from '../../lib/priceSource'
import { HISTORY_CSV_COLUMNS } from '@contract/historyEntry'
import { tokenUnits } from '../../lib/format'
import { balanceLines, type BalanceLine } from './balances'
import { heldAmount } from '../../lib/heldTokens'
import type { HistoryQuery } from './filters'

/**
 * The history CSV. `balancesUsd` is the service's own figure, as sent; with the profile's
 * price book, `balancesValueUsd` is the balances' value at it (what the views show) and
 * `balancesValuePricing` how it was priced and what is unpriced.
 */
export function historyCsv(entries: readonly IntentHistoryEntry[], book?: PriceBook, now = Date.now()): string {
  if (!book) return toCsv(entries, HISTORY_CSV_COLUMNS)
  const valueOf = (e: IntentHistoryEntry) => {
    const lines = balanceLines(e)
    return lines.length ? valueAll(book, lines.map(heldAmount)) : undefined
  }
  const columns: CsvColumn<IntentHistoryEntry>[] = [
    ...HISTORY_CSV_COLUMNS,
    { header: 'balancesValueUsd', value: (e) => { const v = valueOf(e); return v?.priced ? v.usd.toFixed(2) : undefined } },
    { header: 'balancesValuePricing', value: (e) => pricingText(valueOf(e), now) },
  ]
  return toCsv(entries, columns)
}

export function historyJson(
  entries: readonly IntentHistoryEntry[],
  request: HistoryQuery,
  source: DataSource | null,
  now = new Date(),
): string {
  const doc = {
    exportedAt: now.toISOString(),
    // The service the entries came from, and when they were fetched (epoch ms); the filters that produced the list.
    source: source && { baseUrl: source.baseUrl, simulated: source.simulated, fetchedAt: source.fetchedAt },
    request,
    count: entries.length,
    intents: entries,
  }
  return JSON.stringify(doc, null, 2)
}

/** One line per token left at an intent address (the "Recoverable funds" export). */
export const STUCK_CSV_COLUMNS: readonly CsvColumn<BalanceLine>[] = [
  { header: 'intentId', value: (l) => l.intentId },
  { header: 'status', value: (l) => l.status },
  { header: 'ownerAddress', value: (l) => l.owner },
  { header: 'chainId', value: (l) => l.chainId },
  { header: 'intentAddress', value: (l) => l.intentAddress },
  { header: 'tokenAddress', value: (l) => l.tokenAddress },
  { header: 'symbol', value: (l) => l.symbol },
  { header: 'decimals', value: (l) => l.decimals },
  { header: 'balance', value: (l) => l.balance },
  { header: 'balanceUnits', value: (l) => tokenUnits(l.balance, l.decimals) },
  { header: 'balanceUsd', value: (l) => l.balanceUsd },
  { header: 'priceUsd', value: (l) => l.priceUsd },
]

/** The stuck balances with their value at the profile's one price source, as the panel shows it, and how it was priced (the service's own figures stay beside it, as sent). */
export const stuckCsvColumns = (now: number): readonly CsvColumn<BalanceLine>[] => [
  ...STUCK_CSV_COLUMNS,
  { header: 'valueUsd', value: (l) => l.usd?.toFixed(2) },
  { header: 'valuePricing', value: (l) => (l.price ? pricedHow(l.price, now) : l.unpriced) },
]
