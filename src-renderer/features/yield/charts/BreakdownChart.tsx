import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

export interface Slice {
  label: string
  value: number
}

const ROW_HEIGHT = 28
const MAX_LABEL = 24

const shorten = (s: string) => (s.length > MAX_LABEL ? `${s.slice(0, MAX_LABEL - 1)}…` : s)

/**
 * A horizontal bar per part of a whole (USD by market, by token; weight by allocation),
 * largest first. `format` renders values on the axis and in the tooltip.
 */
export function BreakdownChart({
  title,
  slices,
  format,
}: {
  title: string
  slices: Slice[]
  format: (value: number) => string
}) {
  const data = [...slices].sort((a, b) => b.value - a.value)
  return (
    <figure className="yield-chart" aria-label={title} data-testid={`chart-${title}`}>
      <figcaption>{title}</figcaption>
      {data.length ? (
        <ResponsiveContainer width="100%" height={Math.max(120, data.length * ROW_HEIGHT + 40)}>
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24, top: 4, bottom: 4 }}>
            <CartesianGrid horizontal={false} strokeDasharray="3 3" />
            <XAxis type="number" tickFormatter={format} />
            <YAxis type="category" dataKey="label" width={170} tickFormatter={shorten} interval={0} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(v) => format(Number(v))} />
            <Bar dataKey="value" name={title} fill="var(--accent)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      ) : (
        <p className="muted">Nothing to chart: no values were reported.</p>
      )}
    </figure>
  )
}
