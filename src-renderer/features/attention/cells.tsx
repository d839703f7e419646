import { useState } from 'react'
import { formatDecimalFit, formatDuration, formatUnitsExact } from '../../lib/format'
import { isTokenDecimals } from '@contract/service/bounds'
import { PricedUsd } from '../../components/PricedUsd'
import { CASE_LABEL, CASE_STATES, useCases, type CaseRecord, type CaseState } from '../../stores/attentionCases'
import { useAddNote } from '../../data/notes'
import type { Note } from '../../db'
import { heldText } from './export'
import { DEFINITIONS } from '../../lib/outcomes'
import { MIN_SAMPLES } from '../../lib/routeStats'
import type { HeldToken } from '../../lib/heldTokens'
import type { AttentionItem } from './queue'

/** Elapsed against the route's p95, as a bar and words: "3m 10s of p95 1m 20s · 2.4× · slower than 98%". */
export function SlaTimer({ item }: { item: AttentionItem }) {
  const sla = item.sla
  if (item.windowLeftMs !== undefined) {
    const left = item.windowLeftMs
    return <span className={left <= 0 ? 'sla-over' : 'sla-warn'}>{left <= 0 ? `window closed ${formatDuration(-left)} ago` : `${formatDuration(left)} left of the window`}</span>
  }
  if (!sla) return <span className="muted">—</span>
  if (sla.basis === 'incomplete' || sla.p95Ms === undefined) {
    const n = sla.samples ?? 0
    const title = `Baseline incomplete: ${n} timed intent${n === 1 ? '' : 's'} on this route in the last 30 days, and a verdict needs ${MIN_SAMPLES}. No p95, so no verdict: this is not counted as slow. ${DEFINITIONS.duration}`
    return (
      <span className="sla" title={title}>
        <span className="sla-line">executing {formatDuration(sla.elapsedMs)} ·</span>{' '}
        <span className="sla-line sla-warn">baseline incomplete ({n} intent{n === 1 ? '' : 's'})</span>
      </span>
    )
  }
  const ratio = sla.elapsedMs / sla.p95Ms
  const basis = `Route p50 ${formatDuration(sla.p50Ms)}, p95 ${formatDuration(sla.p95Ms)}. ${DEFINITIONS.duration}`
  // Past the target the bar is red (the over class), not only the meter's own "high" colour.
  return (
    <span className={ratio > 1 ? 'sla sla-past-target' : 'sla'} title={basis}>
      {/* Two lines at most, each whole: the bar and the elapsed time against the p95, then the ratio and the share. */}
      <span className="sla-line">
        <meter className={ratio > 1 ? 'sla-over' : undefined} min={0} max={2} high={1} optimum={0} value={Math.min(ratio, 2)} aria-label="Elapsed against the route's p95" />{' '}
        {formatDuration(sla.elapsedMs)} of p95 {formatDuration(sla.p95Ms)}
      </span>{' '}
      <span className="sla-line">
        {ratio.toFixed(1)}×{sla.slowerThan !== undefined ? <span className="muted"> · slower than {Math.floor(sla.slowerThan * 100)}%</span> : null}
      </span>
    </span>
  )
}

/** Characters a held amount's digits take in the queue's column at 1280 px. */
const HELD_CHARS = 12

/** A held amount as the column has room for: the digits that fit (exact on hover) and the symbol, never cut. */
export function heldShort(t: HeldToken): string {
  if (!isTokenDecimals(t.decimals) || !t.symbol) return heldText(t)
  return `${formatDecimalFit(formatUnitsExact(t.balance, t.decimals), HELD_CHARS)} ${t.symbol}`
}

export function HeldCell({ item }: { item: AttentionItem }) {
  if (!item.held.length) return <span className="muted">—</span>
  return (
    <span>
      {item.held.map((t, i) => (
        <span key={i} className="attention-held" title={heldText(t)}>
          {heldShort(t)}
        </span>
      ))}
      {item.heldValue ? <PricedUsd sum={item.heldValue} label={`USD value held by ${item.candidate.intentId}`} /> : null}
    </span>
  )
}

/** The case's state, as a picker that records each change in the case's history. */
export function CaseStateField({ profileId, intentId, record }: { profileId: string; intentId: string; record: CaseRecord | undefined }) {
  const setState = useCases((s) => s.setState)
  return (
    <select aria-label={`Case state of ${intentId}`} value={record?.state ?? 'open'} onChange={(e) => setState(profileId, intentId, e.target.value as CaseState)}>
      {CASE_STATES.map((s) => (
        <option key={s} value={s}>
          {CASE_LABEL[s]}
        </option>
      ))}
    </select>
  )
}

/**
 * A note being written on an intent, here in the queue or on the intent page: saved into
 * the intent's notes (the ones both show) and its case's history. When saving fails the
 * draft stays in the box, so nothing typed is lost.
 */
export function useNoteDraft(profileId: string | undefined, intentId: string, [draft, setDraft]: readonly [string, (text: string) => void]) {
  const [error, setError] = useState<string | null>(null)
  const add = useAddNote()
  const save = () => {
    if (add.isPending) return
    if (!draft.trim()) return setError('Write the note first.')
    if (!profileId) return setError('The app is still loading its profile; try again in a moment.')
    add.mutate(
      { profileId, intentId, text: draft },
      {
        onSuccess: () => {
          setDraft('')
          setError(null)
        },
        onError: (err) => setError(`The note could not be saved: ${err.message}`),
      },
    )
  }
  const edit = (text: string) => {
    setDraft(text)
    setError(null)
  }
  return { draft, error, setError, busy: add.isPending, save, edit }
}

/** The case in the queue: its state, its latest note, and a box to add one (Ctrl+Enter or Add). */
export function CaseCell({ profileId, intentId, record, notes }: { profileId: string; intentId: string; record: CaseRecord | undefined; notes: readonly Note[] | undefined }) {
  const { draft, error, busy, save, edit } = useNoteDraft(profileId, intentId, useState(''))
  const latest = notes?.at(-1)?.text ?? record?.note
  return (
    <span className="attention-case">
      <CaseStateField profileId={profileId} intentId={intentId} record={record} />
      {latest ? <span className="attention-case-note small" title={latest}>{latest}</span> : null}
      {notes && notes.length > 1 ? <span className="muted small"> (+{notes.length - 1} earlier)</span> : null}
      <textarea
        aria-label={`Note on ${intentId}`}
        placeholder="Add a note (Ctrl+Enter)"
        rows={1}
        value={draft}
        onChange={(e) => edit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) save()
          if (e.key === 'Escape') edit('')
        }}
      />
      {draft.trim() ? (
        <button type="button" disabled={busy} onClick={save}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
      ) : null}
      {error ? <span className="sla-over small" role="alert">{error}</span> : null}
    </span>
  )
}
