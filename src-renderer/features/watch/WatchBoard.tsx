import { useMemo } from 'react'
import { Link } from 'react-router'
import type { WatchState } from '@contract/watch'
import { DataTable, type Column } from '../../components/DataTable'
import { StatusBadge } from '../../components/StatusBadge'
import { formatDateTime, formatDuration, shortHex } from '../../lib/format'
import { receiptDurationMs } from '../../lib/receiptDuration'
import { useNow } from '../../lib/useNow'
import { elapsedMs, phaseText } from './phase'
import { StepStrip } from './StepStrip'
import { useWatches } from './store'

const ago = (t: number | undefined, now: number) => (t === undefined ? '—' : `${formatDuration(Math.max(0, now - t))} ago`)

function RowActions({ watch }: { watch: WatchState }) {
  const { setMuted, remove } = useWatches.getState()
  const id = shortHex(watch.intentId)
  return (
    <span className="watch-actions">
      <button
        type="button"
        aria-pressed={watch.muted}
        aria-label={`${watch.muted ? 'Unmute' : 'Mute'} notifications for ${id}`}
        onClick={() => void setMuted(watch.intentId, !watch.muted)}
      >
        {watch.muted ? 'Unmute' : 'Mute'}
      </button>
      <button type="button" aria-label={`Remove ${id} from the watch list`} onClick={() => void remove(watch.intentId)}>
        Remove
      </button>
    </span>
  )
}

function columns(now: number): Column<WatchState>[] {
  return [
    {
      id: 'intent',
      header: 'Intent',
      cell: (w) => (
        <Link className="mono watch-intent" to={`/intent/${encodeURIComponent(w.intentId)}`} title={`Open ${w.intentId}`}>
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
      header: 'Duration',
      cell: (w) => (
        <span
          className="watch-ago"
          title={`${w.outcome && receiptDurationMs(w.receipt) !== undefined ? 'The intent’s own run time, started to finished. ' : 'Time followed here. '}Watched since ${formatDateTime(w.addedAt)}${w.receipt?.createdAt ? `; created ${formatDateTime(w.receipt.createdAt)} (service time)` : ''}`}
        >
          {formatDuration(elapsedMs(w, now))}
        </span>
      ),
      sortValue: (w) => w.addedAt,
      align: 'right',
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
    { id: 'actions', header: 'Actions', cell: (w) => <RowActions watch={w} /> },
  ]
}

/** The live board: one row per watched intent, newest first, its times ticking once a second. */
export function WatchBoard({ watches }: { watches: WatchState[] }) {
  const now = useNow(1000)
  const cols = useMemo(() => columns(now), [now])
  const rows = useMemo(() => [...watches].sort((a, b) => b.addedAt - a.addedAt), [watches])
  return <DataTable label="Watched intents" columns={cols} rows={rows} rowKey={(w) => w.intentId} />
}
