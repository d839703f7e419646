import type { CsvColumn } from './csv'
import type { IntentHistoryEntry, IntentReceipt } from './service'
import { tokenUnits } from './amount'
import { parseTime } from './time'

/**
 * What a history entry says, read one way wherever it is read: History's rows and exports
 * in the app, and the command line's CSV (one column list, so the two files match).
 * Zod-free: History's chunk writes CSV and must not load zod for it.
 */

/** The intent a history entry is about: its own id, else its receipt's. */
export const historyEntryIntentId = (entry: IntentHistoryEntry): string | undefined =>
  entry.intentId ?? entry.receipt?.intentId ?? entry.receipt?.summary?.intentId

/** How long the intent itself ran, whatever its outcome, by the service's clock: started to finished, when both are known. */
export function receiptDurationMs(receipt: IntentReceipt | undefined): number | undefined {
  const start = parseTime(receipt?.summary?.startedAt)
  const end = parseTime(receipt?.summary?.finishedAt)
  return start !== undefined && end !== undefined && end >= start ? end - start : undefined
}

/**
 * Route provider codes as text, whatever element type the service used (the spec leaves it
 * open); a cached record may hold anything here: only a list names providers.
 */
export const providerCodes = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).filter(Boolean) : []

/** Provider codes of the entry's route. */
export const routeProviders = (e: IntentHistoryEntry): string[] => providerCodes(e.receipt?.summary?.routeProviders)

/** Sum of the USD value of every token balance the entry carries. */
export function entryBalanceUsd(e: IntentHistoryEntry): number | undefined {
  if (!e.balances?.length) return undefined
  // USD values arrive as decimal strings; a display total is fine in double precision.
  return e.balances.flatMap((b) => b.tokens ?? []).reduce((total, t) => total + (Number(t.balanceUsd ?? 0) || 0), 0)
}

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

/** The history CSV's columns, for the app's export and the command line's `--format csv`. */
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
