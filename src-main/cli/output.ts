import { toCsv, type CsvColumn } from '../../src-shared/contract/csv'
import type { Intent, IntentHistoryEntry } from '../../src-shared/contract/service'

/**
 * JSON for scripts. Amounts are already exact decimal strings in the normalised types
 * (the service's big integers never pass through a float), so plain stringify keeps them.
 */
export const toJson = (value: unknown): string => JSON.stringify(value, null, 2)

export const HISTORY_COLUMNS = [
  'intentId',
  'status',
  'createdAt',
  'updatedAt',
  'owner',
  'originChainId',
  'originTokenAddress',
  'originTokenAmount',
  'destinationChainId',
  'destinationTokenAddress',
  'destinationTokenAmount',
  'failureReason',
] as const

export function historyRow(e: IntentHistoryEntry): Record<(typeof HISTORY_COLUMNS)[number], string | number | undefined> {
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
    originTokenAmount: s?.originTokenAmount ?? s?.quotedOriginTokenAmount,
    destinationChainId: s?.destinationChainId ?? r?.destinationChainId,
    destinationTokenAddress: s?.destinationTokenAddress,
    destinationTokenAmount: s?.destinationTokenAmount ?? s?.quotedDestinationTokenAmount,
    failureReason: r?.originTransaction?.statusReason,
  }
}

const HISTORY_CSV_COLUMNS: CsvColumn<ReturnType<typeof historyRow>>[] = HISTORY_COLUMNS.map((header) => ({ header, value: (row) => row[header] }))

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

/** A few lines describing one intent, exact amounts in base units with their token. */
export function intentText(intent: Intent, reason?: string): string {
  const lines = [`Intent ${intent.intentId ?? intent.id}  ${intent.status ?? 'status not reported'}`]
  const add = (label: string, value: string | number | undefined) => value !== undefined && lines.push(`  ${label.padEnd(12)} ${value}`)
  if (reason) add('reason', reason)
  add('route', `chain ${intent.originChainId ?? '?'} -> chain ${intent.destinationChainId ?? '?'}`)
  const sent = intent.quoteRequest?.originTokenAmount ?? intent.depositTransaction?.amount ?? intent.quote?.fromAmount
  if (sent !== undefined) add('sends', `${sent} base units of ${intent.originTokenAddress ?? 'the origin token'}`)
  if (intent.quote?.toAmount !== undefined) add('receives', `${intent.quote.toAmount} base units of ${intent.destinationTokenAddress ?? 'the destination token'} (quoted)`)
  add('owner', intent.ownerAddress)
  add('created', intent.createdAt)
  add('expires', intent.expiresAt)
  return lines.join('\n')
}
