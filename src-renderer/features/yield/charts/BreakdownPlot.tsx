import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Slice } from './BreakdownChart'

const MAX_LABEL = 24

const shorten = (s: string) => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s)

/** The bars of a breakdown chart, in the order given. */
export function BreakdownPlot({
  title,
  data,
  format,
  height,
}: {
  title: string
  data: Slice[]
  format: (value: number) => string
  height: number
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
        <CartesianGrid horizontal={false} strokeDasharray="3 3" />
        <XAxis type="number" tickFormatter={format} />
        <YAxis type="category" dataKey="label" width={170} tickFormatter={shorten} interval={0} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => format(Number(v))} />
        <Bar dataKey="value" name={title} fill="var(--accent)" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}
