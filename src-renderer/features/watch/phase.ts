import type { WatchState } from '@contract/watch'
import { formatDuration } from '../../lib/format'
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
  if (watch.phase === 'queued') return { text: 'Waiting its turn', tone: 'neutral' }
  return { text: 'Live', tone: 'ok' }
}

/**
 * How long the intent took: once it has finished, its own run time from the receipt
 * (started to finished, by the service's clock), so an intent that had finished before
 * it was added does not read "23 ms". Until then, how long this app has followed it, by
 * this computer's clock: the service's clock may differ (the simulator's runs on a fixed
 * date), so the two are never mixed.
 */
export function elapsedMs(watch: WatchState, now: number): number {
  const own = watch.outcome ? receiptDurationMs(watch.receipt) : undefined
  if (own !== undefined) return own
  const end = watch.outcome ? (watch.lastChangeAt ?? now) : now
  return Math.max(0, end - watch.addedAt)
}
