import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { DayBucket, StatusKey } from './summary'

/** Fixed hues per status (SVG fills cannot read the theme's CSS variables). */
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

/** The bars of the per-day chart: one stack per day, a bar per status that occurs. */
export function PerDayPlot({ days, statuses, height }: { days: readonly DayBucket[]; statuses: readonly StatusKey[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={days as DayBucket[]} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={{ fontSize: 10 }} minTickGap={24} />
        <YAxis allowDecimals={false} width={36} tick={{ fontSize: 10 }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        {statuses.map((s) => (
          <Bar key={s} dataKey={s} stackId="status" fill={STATUS_COLORS[s]} maxBarSize={48} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
