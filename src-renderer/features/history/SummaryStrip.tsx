import { useDeferredValue, useMemo } from 'react'
import { DEFINITIONS, p95Caveat } from '../../lib/outcomes'
import type { IntentHistoryEntry } from '@contract/service'
import { StatusBadge } from '../../components/StatusBadge'
import { useTokenLabels } from '../../data/reference/tokens'
import { formatDuration, formatPercent, formatUsd } from '../../lib/format'
import { PerDayChart } from './PerDayChart'
import { STATUS_KEYS, intentsPerDay, summarise, type HistorySummary } from './summary'
import { useQuotedIntents } from './useQuotedIntents'

const count = (n: number) => n.toLocaleString('en-US')

/**
 * Figures over what is loaded (the shown page, or everything "load all" read): counts
 * per status, success rate, durations, volume and a per-day chart. Computed from a
 * deferred copy of the list so a growing "load all" never stalls scrolling or typing.
 */
export function SummaryStrip({ entries, scope }: { entries: readonly IntentHistoryEntry[]; scope: string }) {
  const deferred = useDeferredValue(entries)
  const intents = useQuotedIntents(deferred)
  const tokens = useTokenLabels()
  const summary = useMemo(() => summarise(deferred, { intents, tokens }), [deferred, intents, tokens])
  const { days, leftOut } = useMemo(() => intentsPerDay(deferred), [deferred])
  if (summary.total === 0) return null
  return (
    <section className="card history-summary" aria-label="Summary of loaded intents">
      <div className="history-summary-figures">
        <div className="history-figure">
          <span className="muted small">{scope}</span>
          <strong data-testid="history-summary-total">{count(summary.total)} intents</strong>
        </div>
        <div className="history-figure">
          <span className="muted small">Success rate</span>
          <strong data-testid="history-summary-success">{formatPercent(summary.successRate, 1)}</strong>
          <span className="muted small">
            {count(summary.counts.SUCCEEDED)} succeeded of {count(summary.finished)} finished
          </span>
          <span className="muted small figure-definition">{DEFINITIONS.successRate}</span>
        </div>
        <div className="history-figure">
          <span className="muted small">Median duration</span>
          <strong data-testid="history-summary-median">{formatDuration(summary.medianDurationMs)}</strong>
          <span className="muted small" data-testid="history-summary-p95">
            p95 {formatDuration(summary.p95DurationMs)} · {count(summary.timedCount)} timed
            {p95Caveat(summary.timedCount) ? ` (${p95Caveat(summary.timedCount)})` : ''}
          </span>
          <span className="muted small figure-definition">{DEFINITIONS.duration}</span>
        </div>
        <VolumeFigure summary={summary} />
        <ul className="history-status-counts" aria-label="Intents per status">
          {STATUS_KEYS.filter((s) => summary.counts[s] > 0).map((s) => (
            <li key={s} data-status={s}>
              <StatusBadge status={s === 'UNKNOWN' ? undefined : s} /> {count(summary.counts[s])}
            </li>
          ))}
        </ul>
      </div>
      {days.length ? <PerDayChart days={days} /> : null}
      {leftOut ? (
        <p className="muted small" data-testid="history-summary-left-out">
          {count(leftOut)} {leftOut === 1 ? 'intent is' : 'intents are'} not drawn: created before 2009, after tomorrow, or more than ten years before the newest day
        </p>
      ) : null}
    </section>
  )
}

/** The reasons shown inline; the rest are in the tooltip. */
const SHOWN_REASONS = 2

/** "61 unpriced: WETH has no known price (40), DAI has no known price (21)" */
export function unpricedText(unpriced: HistorySummary['unpriced']): string {
  const total = unpriced.reduce((n, r) => n + r.count, 0)
  if (!total) return ''
  const shown = unpriced.slice(0, SHOWN_REASONS).map((r) => (unpriced.length > 1 ? `${r.reason} (${count(r.count)})` : r.reason))
  const rest = unpriced.length > SHOWN_REASONS ? `, ${count(unpriced.length - SHOWN_REASONS)} more reasons` : ''
  return `${count(total)} unpriced: ${shown.join(', ')}${rest}`
}

function VolumeFigure({ summary }: { summary: HistorySummary }) {
  const { pricedCount, succeededCount, pricedFrom, unpriced } = summary
  const sources = [pricedFrom.quote && `${count(pricedFrom.quote)} at quote prices`, pricedFrom.balance && `${count(pricedFrom.balance)} at balance prices`]
  const title = [
    'What succeeded intents sent, valued at token prices the app already holds: the USD values of cached quotes (search or open intents to cache them) and the prices loaded balance data reports. A token with no known price is left out, never guessed.',
    sources.filter(Boolean).join(', '),
    unpriced.map((r) => `${count(r.count)}: ${r.reason}`).join('\n'),
  ]
  return (
    <div className="history-figure" title={title.filter(Boolean).join('\n')}>
      <span className="muted small">Volume (USD)</span>
      <strong data-testid="history-summary-volume">{pricedCount ? formatUsd(summary.volumeUsd) : '—'}</strong>
      <span className="muted small" data-testid="history-summary-priced">
        {pricedCount ? `from ${count(pricedCount)} of ${count(succeededCount)} succeeded` : `none of ${count(succeededCount)} succeeded priced`}
      </span>
      {unpriced.length ? (
        <span className="muted small" data-testid="history-summary-unpriced">
          {unpricedText(unpriced)}
        </span>
      ) : null}
    </div>
  )
}
