import { lazyPlot } from '../../../components/lazyPlot'

export interface Slice {
  label: string
  value: number
}

const ROW_HEIGHT = 28

const BreakdownPlot = lazyPlot(() => import('./BreakdownPlot').then((m) => m.BreakdownPlot))

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
        <BreakdownPlot title={title} data={data} format={format} height={Math.max(120, data.length * ROW_HEIGHT + 40)} />
      ) : (
        <p className="muted">Nothing to chart: no values were reported.</p>
      )}
    </figure>
  )
}
