import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { STATUS_KEYS, type DayBucket, type StatusKey } from './summary'

/** Fixed hues per status (SVG fills cannot read the theme's CSS variables). */
export const STATUS_COLORS: Record<StatusKey, string> = {
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

/** Intents per UTC day, stacked by status; only statuses that occur get a bar and a legend entry. */
export function PerDayChart({ days }: { days: readonly DayBucket[] }) {
  const present = STATUS_KEYS.filter((s) => days.some((d) => d[s] > 0))
  return (
    <figure className="history-chart" aria-label="Intents per day by status">
      <figcaption className="muted small">Intents per day (UTC) by status</figcaption>
      <ResponsiveContainer width="100%" height={150}>
        <BarChart data={days as DayBucket[]} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 10 }} minTickGap={24} />
          <YAxis allowDecimals={false} width={36} tick={{ fontSize: 10 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 11 }} />
          {present.map((s) => (
            <Bar key={s} dataKey={s} stackId="status" fill={STATUS_COLORS[s]} maxBarSize={48} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  )
}
