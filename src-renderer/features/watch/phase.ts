import type { WatchState } from '@contract/watch'
import type { IntentReceipt } from '@contract/service'
import { formatDuration, parseTime } from '../../lib/format'
import { receiptDurationMs } from '../../lib/receiptDuration'

export type PhaseTone = 'ok' | 'warn' | 'bad' | 'neutral'

/** How the watch itself is doing, in words: live, waiting its turn, retrying, stopped, finished. */
export function phaseText(watch: WatchState, now: number): { text: string; tone: PhaseTone; detail?: string } {
  if (watch.phase === 'done') {
    if (watch.outcome) return { text: 'Finished', tone: 'neutral' }
    return { text: 'Stopped', tone: 'bad', detail: watch.error?.message }
  }
  if (watch.phase === 'retrying') {
    const wait = watch.retryAt === undefined ? 0 : watch.retryAt - now
    return { text: wait < 1000 ? 'Retrying now' : `Retrying in ${formatDuration(wait)}`, tone: 'warn', detail: watch.error?.message }
  }
  if (watch.phase === 'paused') return { text: 'Paused', tone: 'neutral', detail: 'Working offline: the service is not asked until you are back online.' }
  if (watch.phase === 'queued') return { text: 'Waiting its turn', tone: 'neutral' }
  return { text: 'Live', tone: 'ok' }
}

/**
 * A finished intent's own run time, by the service's clock: started to finished from its
 * summary, else created to its last mined transaction (or its last update).
 */
export function ownDurationMs(receipt: IntentReceipt | undefined): number | undefined {
  const summarised = receiptDurationMs(receipt)
  if (summarised !== undefined || !receipt) return summarised
  const start = parseTime(receipt.createdAt)
  const legs = [receipt.depositTransaction, receipt.originTransaction, receipt.destinationTransaction, receipt.refundTransaction]
  const mined = legs.map((t) => parseTime(t?.txnMinedAt)).filter((t) => t !== undefined)
  const end = mined.length ? Math.max(...mined) : parseTime(receipt.updatedAt)
  return start !== undefined && end !== undefined && end >= start ? end - start : undefined
}

/**
 * How long the intent took: once it has finished, its own run time from the receipt
 * (see `ownDurationMs`), so an intent that had finished before it was added does not
 * read "23 ms". Until then, how long this app has followed it, by
 * this computer's clock: the service's clock may differ (the simulator's runs on a fixed
 * date), so the two are never mixed.
 */
export function elapsedMs(watch: WatchState, now: number): number {
  const own = watch.outcome ? ownDurationMs(watch.receipt) : undefined
  if (own !== undefined) return own
  const end = watch.outcome ? (watch.lastChangeAt ?? now) : now
  return Math.max(0, end - watch.addedAt)
}
