import { formatAge, formatDateTime } from '../lib/format'
import { useNow } from '../lib/useNow'
import { useOfflineReason } from '../lib/displaySources'
import type { SvcError } from '@contract/errors'
import { failureTitle } from './ErrorNotice'

/** Ages refresh once a minute: "fetched 3 min ago" should not freeze while the view is open. */
const AGE_TICK_MS = 60_000

/**
 * "Offline" when the service is out of reach; when it answered but one call failed (a 5xx
 * on GetIntentReceipt, say), that call by name: the rest of the service still answers.
 */
export function outageLabel(outage: SvcError | null | undefined): string {
  return outage?.kind === 'Unavailable' && outage.operation ? `${outage.operation} failed` : 'Offline'
}

/**
 * Says that a view shows cached data, and how old it is: "Offline — cached data,
 * fetched 3 days ago". The exact fetch time is in the tooltip. Offline not by choice,
 * it also names the failure that made the app think the service is out of reach, with
 * the whole message in the tooltip.
 */
export function CachedNotice({ fetchedAt }: { fetchedAt?: number }) {
  const now = useNow(AGE_TICK_MS)
  const { forced, outage } = useOfflineReason()
  const reason = !forced && outage ? outage : null
  const mode = forced ? 'Working offline' : outageLabel(reason)
  return (
    <div
      className="notice notice-warn cached-notice"
      role="status"
      title={fetchedAt === undefined ? undefined : `Fetched ${formatDateTime(fetchedAt)}`}
    >
      {fetchedAt === undefined
        ? `${mode} — nothing cached for this yet`
        : `${mode} — cached data, fetched ${formatAge(fetchedAt, now)}`}
      {reason ? (
        <span className="cached-reason" title={reason.message}>
          {' '}
          ({failureTitle(reason)})
        </span>
      ) : null}
    </div>
  )
}
