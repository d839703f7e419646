import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { timeAxis, usdTickFormat, valueAxis } from '../../../lib/axes'
import { formatDateTime, formatUsd } from '../../../lib/format'

/**
 * The line of the value-over-time chart, on a true time axis. The value axis is padded to
 * an honest range (a value that barely moves is drawn flat) and both axes have round
 * ticks with distinct labels (`lib/axes.ts`).
 */
export function ValueOverTimePlot({ points, height }: { points: Array<{ at: number; usd: number }>; height: number }) {
  const x = timeAxis(points.map((p) => p.at))
  const y = valueAxis(
    points.map((p) => p.usd),
    { minStep: 0.01 },
  )
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={points} margin={{ left: 8, right: 24, top: 8, bottom: 4 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="at" type="number" scale="time" domain={x.domain} ticks={x.ticks} interval={0} tickFormatter={x.format} />
        <YAxis tickFormatter={usdTickFormat(y.step)} width={110} domain={y.domain} ticks={y.ticks} interval={0} />
        <Tooltip labelFormatter={(t) => formatDateTime(Number(t))} formatter={(v) => formatUsd(Number(v))} />
        <Line type="monotone" dataKey="usd" name="Value" stroke="var(--accent)" dot isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  )
}
