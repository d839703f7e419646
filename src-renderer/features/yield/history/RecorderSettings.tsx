import type { RecorderState } from '@contract/marketHistory'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { SelectField } from '../../../components/SelectField'
import { useRecordQuery, useRecorderAction } from '../../../data/useRecordQuery'
import { formatAge, formatBytes, formatDateTime } from '../../../lib/format'

/** Intervals offered: 5 minutes to 6 hours, or off (0). */
const INTERVALS: Array<{ value: number; label: string }> = [
  { value: 0, label: 'Off' },
  { value: 5, label: 'Every 5 minutes' },
  { value: 15, label: 'Every 15 minutes (default)' },
  { value: 30, label: 'Every 30 minutes' },
  { value: 60, label: 'Every hour' },
  { value: 120, label: 'Every 2 hours' },
  { value: 360, label: 'Every 6 hours' },
]

function RecorderFacts({ state }: { state: RecorderState }) {
  return (
    <p className="muted small" data-testid="recorder-facts">
      {state.markets.toLocaleString('en-US')} markets recorded for this profile, {formatBytes(state.bytesOnDisk)} on disk (at most 200 MB; 90 days kept).{' '}
      {state.lastSnapshotAt ? `Last snapshot ${formatDateTime(state.lastSnapshotAt)} (${formatAge(state.lastSnapshotAt)}).` : 'No snapshot yet.'}{' '}
      {state.nextSnapshotAt ? `Next ${formatDateTime(state.nextSnapshotAt)}.` : ''}
      {state.lastError ? ` The last snapshot failed: ${state.lastError}` : ''}
    </p>
  )
}

/**
 * Settings for the market recorder: how often main records every market of the active
 * profile (or off), what it holds, and "Record now".
 */
export function RecorderSettings() {
  const state = useRecordQuery('getMarketRecorder', {})
  const action = useRecorderAction()
  const busy = action.isPending
  const error = action.error
  const s = state.data
  return (
    <section className="card" aria-labelledby="recorder-settings-title">
      <h2 id="recorder-settings-title">Market history</h2>
      <p className="muted small">The service keeps no history of its yield markets, so the app records them: every market of the active profile at this interval while the app runs, and every page of markets a view loads.</p>
      <div className="row">
        <SelectField
          label="Record markets"
          layout="inline"
          value={s ? (s.intervalMinutes ?? 0) : 15}
          options={INTERVALS}
          disabled={!s || busy}
          onChange={(v) => action.mutate({ intervalMinutes: v === 0 ? null : v })}
        />
        <button type="button" disabled={busy} onClick={() => action.mutate({ now: true })}>
          {busy ? 'Recording…' : 'Record now'}
        </button>
      </div>
      {s ? <RecorderFacts state={s} /> : null}
      {error ? <ErrorNotice error={error} /> : state.isError ? <ErrorNotice error={state.error} onRetry={() => void state.refetch()} /> : null}
    </section>
  )
}
