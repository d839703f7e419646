import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Axis } from '../../../lib/axes'
import type { Slice } from './BreakdownChart'

const MAX_LABEL = 24

const shorten = (s: string) => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s)

/** The bars of a breakdown chart, in the order given, on the value axis given. */
export function BreakdownPlot({
  title,
  data,
  axis,
  tick,
  format,
  height,
}: {
  title: string
  data: Slice[]
  axis: Axis
  /** Labels the axis ticks (as fine as the step). */
  tick: (value: number) => string
  /** Labels a bar's value in the tooltip. */
  format: (value: number) => string
  height: number
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" domain={axis.domain} ticks={axis.ticks} interval={0} tickFormatter={tick} allowDataOverflow={false} />
        <YAxis type="category" dataKey="label" width={170} tickFormatter={shorten} interval={0} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => format(Number(v))} />
        <Bar dataKey="value" name={title} fill="var(--accent)" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
