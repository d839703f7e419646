import type { WatchState } from '@contract/watch'
import type { IntentReceipt } from '@contract/service'
import { formatDuration, parseTime } from '../../lib/format'
import { receiptDurationMs } from '../../lib/outcomes'

/** How the watch itself is doing, in words: live, waiting its turn, retrying, stopped, finished. */
export function phaseText(watch: WatchState, now: number): { text: string; tone: 'ok' | 'warn' | 'bad' | 'neutral'; detail?: string } {
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
function ownDurationMs(receipt: IntentReceipt | undefined): number | undefined {
  const summarised = receiptDurationMs(receipt)
  if (summarised !== undefined || !receipt) return summarised
  const start = parseTime(receipt.createdAt)
  const legs = [receipt.depositTransaction, receipt.originTransaction, receipt.destinationTransaction, receipt.refundTransaction]
  const mined = legs.map((t) => parseTime(t?.txnMinedAt)).filter((t) => t !== undefined)
  const end = mined.length ? Math.max(...mined) : parseTime(receipt.updatedAt)
  return start !== undefined && end !== undefined && end >= start ? end - start : undefined
}

/**
 * "Running for": a finished intent's own run time; a live one's time since it started
 * (the receipt's startedAt, else its deposit, else its creation), never merely the time it
 * has been watched, which reads "3s" on an intent that has run for minutes. Only with no
 * start known (or one ahead of this clock) is it the time watched, and says so.
 */
export function runningFor(watch: WatchState, now: number): { ms: number; basis: 'run' | 'started' | 'watched' } {
  const own = watch.outcome ? ownDurationMs(watch.receipt) : undefined
  if (own !== undefined) return { ms: own, basis: 'run' }
  const r = watch.receipt
  const start = parseTime(r?.summary?.startedAt ?? r?.depositTransaction?.txnMinedAt ?? r?.createdAt)
  const end = watch.outcome ? (watch.lastChangeAt ?? now) : now
  if (start !== undefined && start <= end) return { ms: end - start, basis: 'started' }
  return { ms: Math.max(0, end - watch.addedAt), basis: 'watched' }
}
