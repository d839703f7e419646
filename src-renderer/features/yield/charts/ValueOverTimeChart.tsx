import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatDateTime, formatUsd } from '../../../lib/format'

const shortTime = (t: number) => {
  const d = new Date(t)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** Total USD value at each fetch the cache kept, on a true time axis. */
export function ValueOverTimeChart({ points }: { points: Array<{ at: number; usd: number }> }) {
  return (
    <figure className="yield-chart" aria-label="Value over time" data-testid="chart-Value over time">
      <figcaption>
        Value over time{' '}
        <span className="muted small">
          ({points.length} {points.length === 1 ? 'fetch' : 'fetches'} with a USD value)
        </span>
      </figcaption>
      {points.length >= 2 ? (
        <ResponsiveContainer width="100%" height={220}>
          <LineChart data={points} margin={{ left: 8, right: 24, top: 8, bottom: 4 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="at" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={shortTime} />
            <YAxis tickFormatter={(v: number) => formatUsd(v)} width={110} domain={['auto', 'auto']} />
            <Tooltip labelFormatter={(t) => formatDateTime(Number(t))} formatter={(v) => formatUsd(Number(v))} />
            <Line type="monotone" dataKey="usd" name="Value" stroke="var(--accent)" dot isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      ) : (
        <p className="muted">
          {points.length === 1
            ? 'One fetch so far. Refresh (or turn on auto-refresh) to draw the value over time.'
            : 'No fetch of these wallets reported a USD value yet.'}
        </p>
      )}
    </figure>
  )
}
