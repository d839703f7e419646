import { formatClock, formatDuration } from '../../lib/format'
import { useNow } from '../../lib/useNow'

/** Spec 4.1: a committed intent must be executed within 10 minutes. */
export const EXECUTION_WINDOW_MS = 10 * 60_000

/** A live countdown to the end of the execution window that a successful commit opened. */
export function ExecutionWindow({ committedAt }: { committedAt: number }) {
  const deadline = committedAt + EXECUTION_WINDOW_MS
  const now = useNow(1000, Date.now() < deadline)
  const left = deadline - now
  if (left <= 0)
    return (
      <p className="notice notice-warn commit-window" role="status" data-testid="execution-window">
        The 10-minute execution window closed at {formatClock(deadline)}. To go ahead, get a new quote and commit it again.
      </p>
    )
  return (
    <p className="commit-window" data-testid="execution-window">
      Execute before <strong>{formatClock(deadline)}</strong>{' '}
      <span role="timer" aria-live="off" className="commit-countdown">
        ({formatDuration(left)} left)
      </span>
    </p>
  )
}
