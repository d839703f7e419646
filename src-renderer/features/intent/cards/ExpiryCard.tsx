import type { Intent, ReportedStatus } from '@contract/service'
import { isSettledStatus } from '@contract/service/constants'
import { formatAge, formatDuration, parseTime } from '../../../lib/format'
import { useNow } from '../../../lib/useNow'
import { Card, KV, time } from './parts'

/**
 * When the quote and its gas fee options lapse; counts down while they have not. Once the
 * intent has settled its expiry no longer matters, so there is no time left to show.
 */
export function ExpiryCard({ intent, status }: { intent: Intent; status?: ReportedStatus }) {
  const settled = isSettledStatus(status)
  const at = parseTime(intent.expiresAt)
  const feeAt = parseTime(intent.gasFeeOptions?.expiresAt)
  const live = !settled && ((at !== undefined && at > Date.now()) || (feeAt !== undefined && feeAt > Date.now()))
  const now = useNow(1000, live)
  const left = (t: number | undefined) =>
    t === undefined ? undefined : t > now ? (
      <span className="intent-countdown" role="timer" aria-live="off">
        {formatDuration(t - now)} left
      </span>
    ) : (
      <span className="muted">Expired {formatAge(t, now)}</span>
    )
  return (
    <Card id="expiry" title="Expiry">
      <KV
        label="Expiry"
        rows={[
          ['Intent expires', time(intent.expiresAt)],
          ['Time left', settled ? undefined : left(at)],
          ['Fee options expire', time(intent.gasFeeOptions?.expiresAt)],
          ['Fee options time left', settled ? undefined : left(feeAt)],
        ]}
      />
      {status === 'COMMITTED' ? <p className="muted small">A committed intent must be executed within 10 minutes of its commit, or be quoted and committed again.</p> : null}
      {settled && at !== undefined ? <p className="muted small">The intent has settled ({status}); its expiry no longer matters.</p> : null}
    </Card>
  )
}
