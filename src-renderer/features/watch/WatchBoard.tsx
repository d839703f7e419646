import { useMemo } from 'react'
import { Link } from 'react-router'
import type { WatchState } from '@contract/watch'
import { DataTable, type Column } from '../../components/DataTable'
import { StatusBadge } from '../../components/StatusBadge'
import { formatDateTime, formatDuration, shortHex } from '../../lib/format'
import { useNow } from '../../lib/useNow'
import { DEFINITIONS } from '../../lib/outcomes'
import { routeExpectation, type Expectation } from '../../lib/routeStats'
import { useRouteBaseline } from '../../data/routeBaseline'
import { useRemoveWatch, useSetWatchMuted } from '../../data/watches'
import { useOfflineMode } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { phaseText, runningFor } from './phase'
import { StepStrip } from './StepStrip'
import { intentPath } from '../../components/IntentLink'
import type { Told } from './useListPage'

const ago = (t: number | undefined, now: number) => (t === undefined ? '—' : `${formatDuration(Math.max(0, now - t))} ago`)

function RowActions({ watch, told }: { watch: WatchState; told: Told }) {
  const setMuted = useSetWatchMuted()
  const remove = useRemoveWatch()
  const id = shortHex(watch.intentId)
  return (
    <span className="watch-actions">
      <button
        type="button"
        aria-pressed={watch.muted}
        aria-label={`${watch.muted ? 'Unmute' : 'Mute'} notifications for ${id}`}
        disabled={setMuted.isPending}
        onClick={() => setMuted.mutate({ intentId: watch.intentId, muted: !watch.muted }, told)}
      >
        {watch.muted ? 'Unmute' : 'Mute'}
      </button>
      <button type="button" aria-label={`Remove ${id} from the watch list`} disabled={remove.isPending} onClick={() => remove.mutate(watch.intentId, told)}>
        Remove
      </button>
    </span>
  )
}

const BASIS_TEXT: Record<ReturnType<typeof runningFor>['basis'], string> = {
  run: 'The intent’s own run time, started to finished.',
  started: 'Since the intent started (its execution, else its deposit, else its creation).',
  watched: 'Nothing says when the intent started: the time it has been watched here.',
}

/** "7m 12s" and, below it, "usually 2m 05s" (the route's median of succeeded intents). */
function RunningForCell({ watch, now, usual }: { watch: WatchState; now: number; usual: Expectation | undefined }) {
  const r = runningFor(watch, now)
  const title = `${BASIS_TEXT[r.basis]} Watched since ${formatDateTime(watch.addedAt)}.${usual ? ` Usual time: the route’s median over ${usual.samples ?? 'its'} succeeded intents in the last 30 days. ${DEFINITIONS.duration}` : ''}`
  return (
    <span className="watch-ago" title={title} data-basis={r.basis}>
      {formatDuration(r.ms)}
      {r.basis === 'watched' ? <span className="muted small"> watched</span> : null}
      <span className="muted small watch-usual">{usual ? `usually ${formatDuration(usual.typicalMs)}` : 'usual time not known'}</span>
    </span>
  )
}

function columns(now: number, usualOf: (w: WatchState) => Expectation | undefined, told: Told): Column<WatchState>[] {
  return [
    {
      id: 'intent',
      header: 'Intent',
      cell: (w) => (
        <Link className="mono watch-intent" to={intentPath(w.intentId)} title={`Open ${w.intentId}`}>
          {shortHex(w.intentId, 10, 6)}
        </Link>
      ),
      sortValue: (w) => w.intentId,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (w) => (
        <span className="watch-status">
          {w.status || w.lastUpdateAt ? <StatusBadge status={w.status} /> : <span className="muted small">Not heard yet</span>}
          {w.failureReason ? <span className="watch-reason small">{w.failureReason}</span> : null}
        </span>
      ),
      sortValue: (w) => w.status,
      // A long service error wraps inside its cell rather than running across the others.
      wrap: true,
    },
    { id: 'step', header: 'Step', cell: (w) => <StepStrip receipt={w.receipt} status={w.status} />, wrap: true },
    {
      id: 'watch',
      header: 'Watch',
      cell: (w) => {
        const p = phaseText(w, now)
        return (
          <span className={`watch-phase tone-${p.tone}`} data-phase={w.phase} title={p.detail}>
            {p.text}
            {p.detail ? <span className="watch-phase-detail small">{p.detail}</span> : null}
          </span>
        )
      },
      sortValue: (w) => w.phase,
      wrap: true,
    },
    {
      id: 'elapsed',
      header: 'Running for',
      cell: (w) => <RunningForCell watch={w} now={now} usual={usualOf(w)} />,
      sortValue: (w) => runningFor(w, now).ms,
      align: 'right',
      wrap: true,
    },
    {
      id: 'updated',
      header: 'Last update',
      cell: (w) => (
        <span title={w.lastUpdateAt ? formatDateTime(w.lastUpdateAt) : 'No answer yet'} className="watch-ago">
          {ago(w.lastUpdateAt, now)}
        </span>
      ),
      sortValue: (w) => w.lastUpdateAt,
      align: 'right',
    },
    { id: 'actions', header: 'Actions', cell: (w) => <RowActions watch={w} told={told} /> },
  ]
}

/** The live board: one row per watched intent, newest first, its times ticking once a second; an action's outcome goes to `told`. */
export function WatchBoard({ watches, told }: { watches: WatchState[]; told: Told }) {
  const now = useNow(1000)
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const stats = useRouteBaseline(watches.length ? profileId : undefined, useOfflineMode()).baseline?.stats
  const cols = useMemo(
    () => columns(now, (w) => routeExpectation(stats, w.receipt?.originChainId, w.receipt?.destinationChainId), told),
    [now, stats, told],
  )
  const rows = useMemo(() => [...watches].sort((a, b) => b.addedAt - a.addedAt), [watches])
  return <DataTable label="Watched intents" columns={cols} rows={rows} rowKey={(w) => w.intentId} />
}
