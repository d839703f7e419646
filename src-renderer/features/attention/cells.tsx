import { useState } from 'react'
import { formatDuration, formatUsd } from '../../lib/format'
import { CASE_LABEL, CASE_STATES, NOTE_MAX, useCases, type CaseRecord } from '../../stores/attentionCases'
import { heldText } from './export'
import { DEFINITIONS } from '../../lib/outcomes'
import type { AttentionItem } from './queue'

/** Elapsed against the route's p95, as a bar and words: "3m 10s of p95 1m 20s · 2.4× · slower than 98%". */
export function SlaTimer({ item }: { item: AttentionItem }) {
  const sla = item.sla
  if (item.windowLeftMs !== undefined) {
    const left = item.windowLeftMs
    return <span className={left <= 0 ? 'sla-over' : 'sla-warn'}>{left <= 0 ? `window closed ${formatDuration(-left)} ago` : `${formatDuration(left)} left of the window`}</span>
  }
  if (!sla) return <span className="muted">—</span>
  const ratio = sla.elapsedMs / sla.p95Ms
  const basis = sla.basis === 'route' ? `Route p50 ${formatDuration(sla.p50Ms)}, p95 ${formatDuration(sla.p95Ms)}. ${DEFINITIONS.duration}` : 'No route history yet: measured against a default of 10 minutes'
  // Past the target the bar is red (the over class), not only the meter's own "high" colour.
  return (
    <span className={ratio > 1 ? 'sla sla-past-target' : 'sla'} title={basis}>
      <meter className={ratio > 1 ? 'sla-over' : undefined} min={0} max={2} high={1} optimum={0} value={Math.min(ratio, 2)} aria-label="Elapsed against the route's p95" />{' '}
      {formatDuration(sla.elapsedMs)} of p95 {formatDuration(sla.p95Ms)} · {ratio.toFixed(1)}× {sla.basis === 'default' ? '(default SLA)' : ''}
      {sla.slowerThan !== undefined ? <span className="muted"> · slower than {Math.floor(sla.slowerThan * 100)}%</span> : null}
    </span>
  )
}

export function HeldCell({ item }: { item: AttentionItem }) {
  if (!item.held.length) return <span className="muted">—</span>
  return (
    <span>
      {item.held.map((t, i) => (
        <span key={i} className="attention-held">
          {heldText(t)}
        </span>
      ))}
      {item.held.some((t) => t.balanceUsd !== undefined) ? <strong> {formatUsd(item.heldUsd)}</strong> : null}
    </span>
  )
}

export function CaseCell({ profileId, intentId, record }: { profileId: string; intentId: string; record: CaseRecord | undefined }) {
  const setState = useCases((s) => s.setState)
  const setNote = useCases((s) => s.setNote)
  const [draft, setDraft] = useState<string | null>(null)
  const save = () => {
    if (draft !== null && draft !== (record?.note ?? '')) setNote(profileId, intentId, draft.trim())
    setDraft(null)
  }
  return (
    <span className="row attention-case">
      <select aria-label={`Case state of ${intentId}`} value={record?.state ?? 'open'} onChange={(e) => setState(profileId, intentId, e.target.value as CaseRecord['state'])}>
        {CASE_STATES.map((s) => (
          <option key={s} value={s}>
            {CASE_LABEL[s]}
          </option>
        ))}
      </select>
      <input
        aria-label={`Note on ${intentId}`}
        placeholder="Note"
        maxLength={NOTE_MAX}
        value={draft ?? record?.note ?? ''}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save()
          if (e.key === 'Escape') setDraft(null)
        }}
      />
    </span>
  )
}
