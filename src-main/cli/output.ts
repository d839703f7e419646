import { toCsv, type CsvColumn } from '../../src-shared/contract/csv'
import type { Intent, IntentHistoryEntry, IntentReceipt } from '../../src-shared/contract/service'
import { sentNothing } from '../../src-shared/contract/service/constants'
import { amountText, tokenUnits } from '../../src-shared/contract/amount'

/** JSON for scripts: amounts are already exact decimal strings, so plain stringify keeps every digit. */
export const toJson = (value: unknown): string => JSON.stringify(value, null, 2)

/** One intent as the CSV's columns, in their order. */
export function historyRow(e: IntentHistoryEntry) {
  const r = e.receipt
  const s = r?.summary
  return {
    intentId: e.intentId ?? r?.intentId,
    status: e.status ?? r?.status,
    createdAt: e.createdAt ?? r?.createdAt,
    updatedAt: e.updatedAt ?? r?.updatedAt,
    owner: s?.ownerAddress ?? r?.ownerAddress,
    originChainId: s?.originChainId ?? r?.originChainId,
    originTokenAddress: s?.originTokenAddress,
    originTokenSymbol: s?.originTokenMetadata?.symbol,
    originTokenAmount: s?.originTokenAmount ?? s?.quotedOriginTokenAmount,
    originTokenAmountUnits: tokenUnits(s?.originTokenAmount ?? s?.quotedOriginTokenAmount, s?.originTokenMetadata?.decimals),
    destinationChainId: s?.destinationChainId ?? r?.destinationChainId,
    destinationTokenAddress: s?.destinationTokenAddress,
    destinationTokenSymbol: s?.destinationTokenMetadata?.symbol,
    destinationTokenAmount: s?.destinationTokenAmount ?? s?.quotedDestinationTokenAmount,
    destinationTokenAmountUnits: tokenUnits(s?.destinationTokenAmount ?? s?.quotedDestinationTokenAmount, s?.destinationTokenMetadata?.decimals),
    failureReason: r?.originTransaction?.statusReason,
  }
}

type HistoryRow = ReturnType<typeof historyRow>
export const HISTORY_COLUMNS = Object.keys(historyRow({})) as (keyof HistoryRow)[]
const HISTORY_CSV_COLUMNS: CsvColumn<HistoryRow>[] = HISTORY_COLUMNS.map((header) => ({ header, value: (row) => row[header] }))

/** The app's one CSV writer (formula starts made inert), one line per intent, LF-ended for the terminal. */
export const historyCsv = (entries: readonly IntentHistoryEntry[]): string => toCsv(entries.map(historyRow), HISTORY_CSV_COLUMNS, '\n')

/** Fixed-width text for a person at a terminal: one line per intent. */
export function historyTable(entries: readonly IntentHistoryEntry[]): string {
  return entries
    .map((e) => {
      const r = historyRow(e)
      const route = `${r.originChainId ?? '?'} -> ${r.destinationChainId ?? '?'}`
      return [r.createdAt ?? '', String(r.status ?? '?').padEnd(9), r.intentId ?? '', route, r.failureReason ? `(${r.failureReason})` : ''].join('  ').trimEnd()
    })
    .join('\n')
}

/**
 * The origin and destination amounts, written by the app's one amount formatter: in
 * token units when the token's decimals are known (from the receipt, or the deposit
 * instruction), else in base units with the token's address. The destination amount is
 * what arrived once the intent succeeded, else the quote's, marked "(quoted)".
 */
function amountLines(intent: Intent, receipt: IntentReceipt | undefined): [string, string | undefined][] {
  const s = receipt?.summary
  const origin = s?.originTokenMetadata
  const dest = s?.destinationTokenMetadata
  const sentRaw = intent.quoteRequest?.originTokenAmount ?? intent.depositTransaction?.amount ?? intent.quote?.fromAmount
  const tokenAddress = intent.originTokenAddress ?? intent.depositTransaction?.tokenAddress
  const sent = sentRaw === undefined ? undefined : amountText({ raw: sentRaw, decimals: origin?.decimals ?? intent.depositTransaction?.decimals, symbol: origin?.symbol, tokenAddress })
  const arrived = intent.status === 'SUCCEEDED' ? s?.destinationTokenAmount : undefined
  const outRaw = arrived ?? intent.quote?.toAmount
  const out = outRaw === undefined ? undefined : amountText({ raw: outRaw, decimals: dest?.decimals, symbol: dest?.symbol, tokenAddress: intent.destinationTokenAddress, role: arrived !== undefined ? 'received' : 'quoted' })
  // An intent that moved nothing has an amount to send, not one sent.
  return [[sentNothing(intent.status) ? 'to send' : 'sends', sent], [arrived !== undefined ? 'received' : 'receives', out]]
}

/** A few lines describing one intent, amounts exact in their token's units; the receipt adds the failure reason, token names and decimals, what arrived. */
export function intentText(intent: Intent, extras: { reason?: string; receipt?: IntentReceipt } = {}): string {
  const lines = [`Intent ${intent.intentId ?? intent.id}  ${intent.status ?? 'status not reported'}`]
  const add = (label: string, value: string | number | undefined) => value !== undefined && lines.push(`  ${label.padEnd(12)} ${value}`)
  if (extras.reason) add('reason', extras.reason)
  add('route', `chain ${intent.originChainId ?? '?'} -> chain ${intent.destinationChainId ?? '?'}`)
  for (const [label, text] of amountLines(intent, extras.receipt)) add(label, text)
  add('owner', intent.ownerAddress)
  add('created', intent.createdAt)
  add('expires', intent.expiresAt)
  return lines.join('\n')
}
