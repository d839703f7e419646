import { useDeferredValue, useMemo } from 'react'
import type { IntentHistoryEntry } from '@contract/service'
import { StatusBadge } from '../../components/StatusBadge'
import { formatDuration, formatPercent, formatUsd } from '../../lib/format'
import { PerDayChart } from './PerDayChart'
import { STATUS_KEYS, intentsPerDay, summarise } from './summary'

const count = (n: number) => n.toLocaleString('en-US')

/**
 * Figures over what is loaded (the shown page, or everything "load all" read): counts
 * per status, success rate, durations, volume and a per-day chart. Computed from a
 * deferred copy of the list so a growing "load all" never stalls scrolling or typing.
 */
export function SummaryStrip({ entries, scope }: { entries: readonly IntentHistoryEntry[]; scope: string }) {
  const deferred = useDeferredValue(entries)
  const summary = useMemo(() => summarise(deferred), [deferred])
  const days = useMemo(() => intentsPerDay(deferred), [deferred])
  if (summary.total === 0) return null
  return (
    <section className="card history-summary" aria-label="Summary of loaded intents">
      <div className="history-summary-figures">
        <div className="history-figure">
          <span className="muted small">{scope}</span>
          <strong data-testid="history-summary-total">{count(summary.total)} intents</strong>
        </div>
        <div className="history-figure" title="SUCCEEDED out of the intents that reached a final state (succeeded, failed, aborted, refunded)">
          <span className="muted small">Success rate</span>
          <strong data-testid="history-summary-success">{formatPercent(summary.successRate, 1)}</strong>
          <span className="muted small">
            {count(summary.counts.SUCCEEDED)} succeeded of {count(summary.finished)} finished
          </span>
        </div>
        <div className="history-figure" title="From the receipt's startedAt to its finishedAt">
          <span className="muted small">Median duration</span>
          <strong data-testid="history-summary-median">{formatDuration(summary.medianDurationMs)}</strong>
          <span className="muted small">p95 {formatDuration(summary.p95DurationMs)} · {count(summary.timedCount)} timed</span>
        </div>
        <div
          className="history-figure"
          title="What succeeded intents sent, valued at the token prices the loaded balance data reports. Turn on balances to price more tokens."
        >
          <span className="muted small">Volume (USD)</span>
          <strong data-testid="history-summary-volume">{summary.pricedCount ? formatUsd(summary.volumeUsd) : '—'}</strong>
          <span className="muted small">
            {count(summary.pricedCount)} of {count(summary.succeededCount)} succeeded priced
          </span>
        </div>
        <ul className="history-status-counts" aria-label="Intents per status">
          {STATUS_KEYS.filter((s) => summary.counts[s] > 0).map((s) => (
            <li key={s} data-status={s}>
              <StatusBadge status={s === 'UNKNOWN' ? undefined : s} /> {count(summary.counts[s])}
            </li>
          ))}
        </ul>
      </div>
      {days.length ? <PerDayChart days={days} /> : null}
    </section>
  )
}
