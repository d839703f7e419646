import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { timeAxis, usdTickFormat, valueAxis } from '../../../lib/axes'
import { formatDateTime, formatUsd } from '../../../lib/format'

const TOOLTIP = {
  contentStyle: { background: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border)' },
  labelStyle: { color: 'var(--text)', fontWeight: 600 },
  itemStyle: { color: 'var(--text)' },
}

/**
 * The value at each fetch, on a true time axis: a step series (a value holds until the
 * next fetch; nothing is invented between them) with a dot at every fetch, the value
 * axis from zero, time ticks at round instants of the shown zone (with dates when the
 * span crosses a day), margins that leave room for the last labels, and the tooltip in
 * the page's own colours in either scheme.
 */
export function ValueOverTimePlot({ points, height }: { points: Array<{ at: number; usd: number }>; height: number }) {
  const x = timeAxis(points.map((p) => p.at))
  const y = valueAxis(
    points.map((p) => p.usd),
    { minStep: 0.01, fromZero: true },
  )
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={points} margin={{ left: 8, right: 48, top: 8, bottom: 4 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="at" type="number" scale="time" domain={x.domain} ticks={x.ticks} interval={0} tickFormatter={x.format} />
        <YAxis tickFormatter={usdTickFormat(y.step)} width={110} domain={y.domain} ticks={y.ticks} interval={0} />
        <Tooltip labelFormatter={(t) => formatDateTime(Number(t))} formatter={(v) => formatUsd(Number(v))} {...TOOLTIP} />
        <Line type="stepAfter" dataKey="usd" name="Value" stroke="var(--accent)" dot isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  )
}
