import { toCsv } from '../../src-shared/contract/csv'
import { HISTORY_CSV_COLUMNS, historyEntryIntentId } from '../../src-shared/contract/historyEntry'
import type { Intent, IntentHistoryEntry, IntentReceipt } from '../../src-shared/contract/service'
import { sentNothing } from '../../src-shared/contract/service/constants'
import { amountText, intentAmounts } from '../../src-shared/contract/amount'

/** JSON for scripts: amounts are already exact decimal strings, so plain stringify keeps every digit. */
export const toJson = (value: unknown): string => JSON.stringify(value, null, 2)

/** The app's history CSV (its one column list and writer, formula starts made inert), LF-ended for the terminal. */
export const historyCsv = (entries: readonly IntentHistoryEntry[]): string => toCsv(entries, HISTORY_CSV_COLUMNS, '\n')

/** Fixed-width text for a person at a terminal: one line per intent. */
export function historyTable(entries: readonly IntentHistoryEntry[]): string {
  return entries
    .map((e) => {
      const r = e.receipt
      const route = `${r?.summary?.originChainId ?? r?.originChainId ?? '?'} -> ${r?.summary?.destinationChainId ?? r?.destinationChainId ?? '?'}`
      const reason = r?.originTransaction?.statusReason
      const status = String(e.status ?? r?.status ?? '?').padEnd(9)
      return [e.createdAt ?? r?.createdAt ?? '', status, historyEntryIntentId(e) ?? '', route, reason ? `(${reason})` : ''].join('  ').trimEnd()
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
  const amounts = intentAmounts(intent)
  const sentRaw = amounts.origin
  const tokenAddress = intent.originTokenAddress ?? intent.depositTransaction?.tokenAddress
  const sent = sentRaw === undefined ? undefined : amountText({ raw: sentRaw, decimals: origin?.decimals ?? intent.depositTransaction?.decimals, symbol: origin?.symbol, tokenAddress })
  const arrived = intent.status === 'SUCCEEDED' ? s?.destinationTokenAmount : undefined
  const outRaw = arrived ?? amounts.destination
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
