import type { TransferProgress } from '../../db/transfer'
import { formatCount } from '../../lib/format'

/** A progress bar with words, for exports, validations and imports. */
export function ProgressLine({ label, progress }: { label: string; progress: { done: number; total: number; phase?: TransferProgress['phase'] } }) {
  const { done, total, phase } = progress
  return (
    <div className="cache-progress" role="status">
      <progress max={total || 1} value={done} aria-label={label} />
      <span className="muted small">
        {phase ? `${phase.charAt(0).toUpperCase()}${phase.slice(1)}: ` : ''}
        {formatCount(done)} of {formatCount(total)} records
      </span>
    </div>
  )
}
