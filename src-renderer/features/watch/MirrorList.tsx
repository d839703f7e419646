import { useCacheRead } from '../../data/useCacheRead'
import { listWatchMirror } from '../../db'
import { StatusBadge } from '../../components/StatusBadge'
import { formatDateTime, shortHex } from '../../lib/format'
import { intentPath } from '../../components/IntentLink'

/** The list as last mirrored in the cache: what the Watch view can still show when the app host is out of reach. */
export function MirrorList({ profileId }: { profileId: string }) {
  const rows = useCacheRead('watchMirror', profileId, {}, listWatchMirror).data
  if (!rows?.length) return null
  return (
    <div className="watch-mirror">
      <p className="muted">Watches as last seen on this computer (not live):</p>
      <ul>
        {rows.map((r) => (
          <li key={r.intentId}>
            <a className="mono" href={`#${intentPath(r.intentId)}`}>
              {shortHex(r.intentId, 10, 6)}
            </a>{' '}
            <StatusBadge status={r.status} /> <span className="muted small">added {formatDateTime(r.addedAt)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
