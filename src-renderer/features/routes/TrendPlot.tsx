import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { DayPoint } from '../../lib/routeStats'

/** Outcomes per day as stacked bars, with the day's median time to finish (seconds) as a line. */
export function TrendPlot({ days, height }: { days: readonly DayPoint[]; height: number }) {
  const data = days.map((d) => ({ ...d, p50s: d.p50Ms === undefined ? undefined : Math.round(d.p50Ms / 100) / 10 }))
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tick={{ fontSize: 10 }} minTickGap={24} />
        <YAxis yAxisId="n" allowDecimals={false} width={40} tick={{ fontSize: 10 }} />
        <YAxis yAxisId="s" orientation="right" width={44} tick={{ fontSize: 10 }} unit=" s" />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 11 }} />
        <Bar yAxisId="n" dataKey="succeeded" name="Succeeded" stackId="o" fill="#2da44e" isAnimationActive={false} />
        <Bar yAxisId="n" dataKey="refunded" name="Refunded" stackId="o" fill="#e16f24" isAnimationActive={false} />
        <Bar yAxisId="n" dataKey="failed" name="Failed" stackId="o" fill="#cf222e" isAnimationActive={false} />
        <Line yAxisId="s" dataKey="p50s" name="Median time to finish (s)" stroke="#0969da" dot={false} isAnimationActive={false} connectNulls />
      </ComposedChart>
    </ResponsiveContainer>
  )
}
