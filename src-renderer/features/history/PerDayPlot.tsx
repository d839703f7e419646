import { memo } from 'react'
import { STATUS_KEYS, type DayBucket, type StatusKey } from './summary'

/** Fixed hues per status, the same in the bars and the legend. */
const STATUS_COLORS: Record<StatusKey, string> = {
  QUOTED: '#8c959f',
  COMMITTED: '#54aeff',
  EXECUTING: '#0969da',
  SUCCEEDED: '#2da44e',
  FAILED: '#cf222e',
  ABORTED: '#bf8700',
  REFUNDED: '#e16f24',
  INVALID: '#8250df',
  UNKNOWN: '#57606a',
}

/** The y axis's top: the smallest of 1, 2 or 5 times a power of ten that holds the busiest day. */
export function axisTop(max: number): number {
  if (!(max > 1)) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max) ?? 10 * power
}

/** What hovering a day's bar says: "2026-05-01: 12 SUCCEEDED, 3 FAILED". */
export function dayTitle(day: DayBucket, statuses: readonly StatusKey[]): string {
  const parts = statuses.filter((s) => day[s] > 0).map((s) => `${day[s].toLocaleString('en-US')} ${s}`)
  return `${day.day}: ${parts.length ? parts.join(', ') : 'none'}`
}

const AXIS_WIDTH = 36
const small = { fontSize: 10, lineHeight: '12px' } as const

/** One day: its statuses stacked, the first at the bottom, each as tall as its share of the axis. */
function DayBar({ day, statuses, top }: { day: DayBucket; statuses: readonly StatusKey[]; top: number }) {
  return (
    <div data-day={day.day} title={dayTitle(day, statuses)} style={{ flex: '1 1 0', minWidth: 0, maxWidth: 48, height: '100%', display: 'flex', flexDirection: 'column-reverse' }}>
      {statuses.map((s) =>
        day[s] > 0 ? <div key={s} data-status={s} style={{ height: `${(day[s] / top) * 100}%`, background: STATUS_COLORS[s], flex: 'none' }} /> : null,
      )}
    </div>
  )
}

/**
 * Intents per UTC day, stacked by status. Plain boxes rather than a charting library: while
 * "load all" grows the list the chart is drawn again once a second, and a library's chart of
 * 180 days took 100-360 ms of the window each time. Memoised, so only new days redraw it.
 */
export const PerDayChart = memo(function PerDayChart({ days }: { days: readonly DayBucket[] }) {
  const statuses = STATUS_KEYS.filter((s) => days.some((d) => d[s] > 0))
  let busiest = 0
  for (const d of days) busiest = Math.max(busiest, statuses.reduce((n, s) => n + d[s], 0))
  const top = axisTop(busiest)
  const grid = 'linear-gradient(to bottom, var(--border, #d0d7de) 1px, transparent 1px)'
  return (
    <figure className="history-chart" aria-label="Intents per day by status">
      <figcaption className="muted small">Intents per day (UTC) by status</figcaption>
      <div style={{ height: 150, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <div style={{ flex: 1, minHeight: 0, display: 'flex' }}>
          <div aria-hidden="true" className="muted" style={{ ...small, width: AXIS_WIDTH, paddingRight: 4, textAlign: 'right', display: 'flex', flexDirection: 'column', justifyContent: 'space-between' }}>
            <span data-testid="per-day-top">{top.toLocaleString('en-US')}</span>
            <span>{(top / 2).toLocaleString('en-US')}</span>
            <span>0</span>
          </div>
          <div data-testid="per-day-bars" style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'flex-end', gap: days.length > 60 ? 0 : 1, borderBottom: '1px solid currentColor', backgroundImage: grid, backgroundSize: '100% 50%' }}>
            {days.map((d) => (
              <DayBar key={d.day} day={d} statuses={statuses} top={top} />
            ))}
          </div>
        </div>
        <div className="muted" style={{ ...small, marginLeft: AXIS_WIDTH, display: 'flex', justifyContent: 'space-between' }}>
          <span>{days[0]?.day}</span>
          {days.length > 1 ? <span>{days[days.length - 1].day}</span> : null}
        </div>
        <ul aria-label="Statuses" style={{ ...small, listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '0 12px' }}>
          {statuses.map((s) => (
            <li key={s}>
              <span aria-hidden="true" style={{ display: 'inline-block', width: 8, height: 8, marginRight: 4, background: STATUS_COLORS[s] }} />
              {s}
            </li>
          ))}
        </ul>
      </div>
    </figure>
  )
})
