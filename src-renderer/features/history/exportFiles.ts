import type { DataSource } from '@contract/app'
import type { IntentHistoryEntry } from '@contract/service'
import { toCsv, type CsvColumn } from '@contract/csv'
import { tokenUnits } from '../../lib/format'
import { pricedHow, pricingText, valueAll, type PriceBook } from '../../lib/priceSource'
import { historyEntryIntentId } from '../../db/records'
import { receiptDurationMs } from '../../lib/outcomes'
import { entryBalanceUsd, routeProviders } from './rows'
import { balanceLines, type BalanceLine } from './balances'
import { heldAmount } from '../../lib/heldTokens'
import type { HistoryQuery } from './filters'

/** Amounts are written exactly as received next to their token-unit value, so a spreadsheet never sees a rounded float. */

const summaryOf = (e: IntentHistoryEntry) => e.receipt?.summary

/** One leg's chain, token and amounts (exact, and in token units), as the receipt summary names them. */
const legColumns = (leg: 'origin' | 'destination', Leg: 'Origin' | 'Destination'): CsvColumn<IntentHistoryEntry>[] => {
  const meta = (e: IntentHistoryEntry) => summaryOf(e)?.[`${leg}TokenMetadata`]
  const amount = (e: IntentHistoryEntry) => summaryOf(e)?.[`${leg}TokenAmount`]
  return [
    { header: `${leg}ChainId`, value: (e) => summaryOf(e)?.[`${leg}ChainId`] ?? e.receipt?.[`${leg}ChainId`] },
    { header: `${leg}TokenAddress`, value: (e) => summaryOf(e)?.[`${leg}TokenAddress`] },
    { header: `${leg}TokenSymbol`, value: (e) => meta(e)?.symbol },
    { header: `${leg}TokenDecimals`, value: (e) => meta(e)?.decimals },
    { header: `${leg}TokenAmount`, value: amount },
    { header: `${leg}TokenAmountUnits`, value: (e) => tokenUnits(amount(e), meta(e)?.decimals) },
    { header: `quoted${Leg}TokenAmount`, value: (e) => summaryOf(e)?.[`quoted${Leg}TokenAmount`] },
  ]
}

export const HISTORY_CSV_COLUMNS: readonly CsvColumn<IntentHistoryEntry>[] = [
  { header: 'intentId', value: historyEntryIntentId },
  { header: 'status', value: (e) => e.status ?? e.receipt?.status },
  { header: 'createdAt', value: (e) => e.createdAt ?? e.receipt?.createdAt },
  { header: 'updatedAt', value: (e) => e.updatedAt ?? e.receipt?.updatedAt },
  { header: 'expiresAt', value: (e) => e.expiresAt ?? summaryOf(e)?.expiresAt },
  { header: 'projectId', value: (e) => e.receipt?.projectId },
  { header: 'ownerAddress', value: (e) => summaryOf(e)?.ownerAddress ?? e.receipt?.ownerAddress },
  ...legColumns('origin', 'Origin'),
  ...legColumns('destination', 'Destination'),
  { header: 'destinationToAddress', value: (e) => summaryOf(e)?.destinationToAddress },
  { header: 'routeProviders', value: (e) => routeProviders(e).join(' ') },
  { header: 'edgeRail', value: (e) => (summaryOf(e)?.edge ?? e.receipt?.edge)?.rail },
  { header: 'startedAt', value: (e) => summaryOf(e)?.startedAt },
  { header: 'finishedAt', value: (e) => summaryOf(e)?.finishedAt },
  { header: 'durationMs', value: (e) => receiptDurationMs(e.receipt) },
  { header: 'statusReason', value: (e) => e.receipt?.originTransaction?.statusReason },
  { header: 'depositTxnHash', value: (e) => e.receipt?.depositTransaction?.txnHash },
  { header: 'originTxnHash', value: (e) => e.receipt?.originTransaction?.txnHash },
  { header: 'destinationTxnHash', value: (e) => e.receipt?.destinationTransaction?.txnHash },
  { header: 'refundTxnHash', value: (e) => e.receipt?.refundTransaction?.txnHash },
  { header: 'hasBalance', value: (e) => e.hasBalance },
  { header: 'balancesUsd', value: entryBalanceUsd },
]

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
