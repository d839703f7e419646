import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatDateTime, formatUsd } from '../../../lib/format'

const shortTime = (t: number) => {
  const d = new Date(t)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** The line of the value-over-time chart, on a true time axis. */
export function ValueOverTimePlot({ points, height }: { points: Array<{ at: number; usd: number }>; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={points} margin={{ left: 8, right: 24, top: 8, bottom: 4 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={shortTime} />
        <YAxis tickFormatter={(v: number) => formatUsd(v)} width={110} domain={['auto', 'auto']} />
        <Tooltip labelFormatter={(t) => formatDateTime(Number(t))} formatter={(v) => formatUsd(Number(v))} />
        <Line type="monotone" dataKey="usd" name="Value" stroke="var(--accent)" dot isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  )
}
