import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { timeAxis } from '../../../lib/axes'
import { zeroAxis } from '../charts/BreakdownChart'
import { formatDateTime, formatPercent, formatUsd } from '../../../lib/format'

export interface PlotSeries {
  key: string
  name: string
  color: string
  /** Stacked areas (a market's base and rewards rates); otherwise a line of its own. */
  stack?: boolean
}

export type PlotRow = { t: number } & Record<string, number | null>

const TOOLTIP = {
  contentStyle: { background: 'var(--panel)', color: 'var(--text)', border: '1px solid var(--border)' },
  labelStyle: { color: 'var(--text)', fontWeight: 600 },
  itemStyle: { color: 'var(--text)' },
}

function yAxisOf(rows: readonly PlotRow[], series: readonly PlotSeries[], format: 'percent' | 'usd') {
  const stacked = series.filter((s) => s.stack)
  const values = rows.flatMap((r) => [
    ...series.filter((s) => !s.stack).map((s) => r[s.key] ?? Number.NaN),
    stacked.reduce((sum, s) => sum + (r[s.key] ?? 0), 0),
  ])
  return zeroAxis(values, format === 'usd')
}

/**
 * A recorded history: step series only (a value holds until the next observation), never
 * drawn across a break (rows of nulls), the value axis from zero, time ticks at round
 * instants of the shown zone with dates when the range spans days; margins wide enough
 * for the last labels; the tooltip in the page's own colours in either scheme.
 */
export function HistoryPlot({ rows, series, format, height }: { rows: PlotRow[]; series: PlotSeries[]; format: 'percent' | 'usd'; height: number }) {
  const x = timeAxis(rows.map((r) => r.t))
  const { axis, tick } = yAxisOf(rows, series, format)
  const value = (v: unknown) => (format === 'usd' ? formatUsd(Number(v)) : formatPercent(Number(v)))
  const dots = rows.length <= 60
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={rows} margin={{ left: 8, right: 48, top: 8, bottom: 4 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="t" type="number" scale="time" domain={x.domain} ticks={x.ticks} interval={0} tickFormatter={x.format} />
        <YAxis tickFormatter={tick} width={96} domain={axis.domain} ticks={axis.ticks} interval={0} />
        <Tooltip labelFormatter={(t) => formatDateTime(Number(t))} formatter={value} {...TOOLTIP} />
        <Legend />
        {series.map((s) =>
          s.stack ? (
            <Area key={s.key} type="stepAfter" dataKey={s.key} name={s.name} stackId="rate" stroke={s.color} fill={s.color} fillOpacity={0.35} connectNulls={false} isAnimationActive={false} />
          ) : (
            <Line key={s.key} type="stepAfter" dataKey={s.key} name={s.name} stroke={s.color} dot={dots} connectNulls={false} isAnimationActive={false} />
          ),
        )}
      </ComposedChart>
    </ResponsiveContainer>
  )
}
