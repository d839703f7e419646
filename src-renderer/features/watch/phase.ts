import type { WatchState } from '@contract/watch'
import { formatDuration } from '../../lib/format'

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
 * How long the watch has followed the intent: from adding it to its outcome, or to now.
 * Wall-clock times only: the service's clock may differ from this computer's (the
 * simulator's runs on a fixed date), so its timestamps are not mixed with ours.
 */
export function elapsedMs(watch: WatchState, now: number): number {
  const end = watch.outcome ? (watch.lastChangeAt ?? now) : now
  return Math.max(0, end - watch.addedAt)
}
