import { Link } from 'react-router'
import type { QueryFinding, QueryWatchState } from '@contract/queryWatch'
import type { Told } from '../watch'
import { StatusBadge } from '../../components/StatusBadge'
import { formatDateTime, formatDuration, shortHex } from '../../lib/format'
import { describeQuery, intervalText } from './describe'
import { useMarkQueryWatchSeen, usePollQueryWatchNow, useRemoveQueryWatch, useSetQueryWatchPaused } from '../../data/queryWatches'
import { intentPath } from '../../components/IntentLink'
import { useChainsById } from '../../lib/displaySources'

const ago = (t: number | undefined, now: number) => (t === undefined ? 'not yet' : `${formatDuration(Math.max(0, now - t))} ago`)

/** The query's own state in words: when it polls next, or why it does not. */
function nextPollText(q: QueryWatchState, now: number): string {
  if (q.phase === 'paused') return 'Paused'
  if (q.phase === 'stopped') return 'Stopped: resume to try again'
  if (q.phase === 'polling') return 'Polling now'
  if (q.nextPollAt === undefined) return '—'
  const wait = q.nextPollAt - now
  const when = wait <= 0 ? 'due now' : `in ${formatDuration(wait)}`
  return q.phase === 'retrying' ? `Retrying ${when}` : when
}

const KIND_LABEL: Record<QueryFinding['kind'], string> = { new: 'New', status: 'Status changed', left: 'No longer matches' }

/** The statuses a finding names: the new one, the move, or (for one that left) what it was. */
function FindingStatus({ f }: { f: QueryFinding }) {
  if (f.kind === 'status')
    return (
      <span>
        <StatusBadge status={f.previousStatus} /> → <StatusBadge status={f.status} />
      </span>
    )
  if (f.kind === 'left')
    return (
      <span className="muted small">
        was <StatusBadge status={f.previousStatus} />; open it for its status now
      </span>
    )
  return <StatusBadge status={f.status} />
}

function FindingItem({ f }: { f: QueryFinding }) {
  return (
    <li className="query-finding" data-unread={f.unread || undefined} data-kind={f.kind}>
      <span className="query-finding-kind">{KIND_LABEL[f.kind]}</span>
      <Link className="mono" to={intentPath(f.intentId)} title={`Open ${f.intentId}`}>
        {shortHex(f.intentId, 10, 6)}
      </Link>
      <FindingStatus f={f} />
      <span className="muted small" title={`Found ${formatDateTime(f.foundAt)}`}>
        {formatDateTime(f.foundAt)}
      </span>
    </li>
  )
}

function Actions({ q, told }: { q: QueryWatchState; told: Told }) {
  const pollNow = usePollQueryWatchNow()
  const setPaused = useSetQueryWatchPaused()
  const markSeen = useMarkQueryWatchSeen()
  const remove = useRemoveQueryWatch()
  const paused = q.phase === 'paused'
  return (
    <div className="row query-actions">
      <button type="button" disabled={paused || pollNow.isPending} aria-label={`Poll “${q.name}” now`} onClick={() => pollNow.mutate(q.id, told)}>
        {pollNow.isPending ? 'Polling…' : 'Poll now'}
      </button>
      <button type="button" aria-pressed={paused}
        aria-label={`${paused ? 'Resume' : 'Pause'} “${q.name}”`}
        disabled={setPaused.isPending}
        onClick={() => setPaused.mutate({ id: q.id, paused: !paused }, told)}
      >
        {paused ? 'Resume' : 'Pause'}
      </button>
      <button type="button" disabled={!q.unread || markSeen.isPending} aria-label={`Mark what “${q.name}” found as seen`} onClick={() => markSeen.mutate(q.id, told)}>
        Mark seen{q.unread ? ` (${q.unread})` : ''}
      </button>
      <button type="button" aria-label={`Stop watching “${q.name}”`} disabled={remove.isPending} onClick={() => remove.mutate(q.id, told)}>
        Remove
      </button>
    </div>
  )
}

/** One watched query: its filter, its schedule and health, what it found, and its controls (an action's outcome goes to `told`). */
export function QueryCard({ q, now, told }: { q: QueryWatchState; now: number; told: Told }) {
  const headingId = `query-${q.id}`
  const filter = describeQuery(q.query, useChainsById())
  return (
    <article className="card query-card" aria-labelledby={headingId} data-phase={q.phase}>
      <header className="row query-card-header">
        <h2 id={headingId} tabIndex={-1}>
          {q.name}
          {q.unread ? <span className="badge query-unread"> {q.unread} new</span> : null}
        </h2>
        <Link to={`/history${q.historyParams ? `?${q.historyParams}` : ''}`}>Open in History</Link>
      </header>
      {filter !== q.name ? <p className="muted small">{filter}</p> : null}
      <dl className="query-facts">
        <dt>Polls every</dt>
        <dd>{intervalText(q.intervalMs)}</dd>
        <dt>Last poll</dt>
        <dd title={q.lastPollAt ? formatDateTime(q.lastPollAt) : undefined}>
          {ago(q.lastPollAt, now)}
          {q.lastCount !== undefined ? ` · ${q.lastCount} matching read, ${q.seenCount} remembered` : ''}
        </dd>
        <dt>Next poll</dt>
        <dd>{nextPollText(q, now)}</dd>
        <dt>Last error</dt>
        <dd className={q.error ? 'query-error' : undefined}>{q.error ? q.error.message : 'none'}</dd>
      </dl>
      <Actions q={q} told={told} />
      {q.findings.length ? (
        <ul className="query-findings" aria-label={`Found by “${q.name}”`}>
          {q.findings.map((f) => (
            <FindingItem key={`${f.kind}:${f.intentId}:${f.foundAt}:${f.status ?? ''}`} f={f} />
          ))}
        </ul>
      ) : (
        <p className="muted small">{q.baselined ? 'Nothing new since it was saved.' : 'The first poll sets the starting point; what matches then is not news.'}</p>
      )}
    </article>
  )
}
