import { lazyPlot } from '../../../components/lazyPlot'
import { percentTickFormat, usdTickFormat, valueAxis } from '../../../lib/axes'
import { formatPercent, formatUsd } from '../../../lib/format'

export interface Slice {
  label: string
  value: number
}

/** What the values are: USD amounts, or shares of a whole (fractions, shown as percentages). */
type BreakdownUnit = 'usd' | 'share'

const ROW_HEIGHT = 28

/** A value axis from zero for charts of USD (to the cent) or of fractions (ticks as percentages). */
export function zeroAxis(values: readonly number[], usd: boolean) {
  const axis = valueAxis(values, { fromZero: true, minStep: usd ? 0.01 : 0.0001 })
  return { axis, tick: usd ? usdTickFormat(axis.step) : percentTickFormat(axis.step) }
}

const BreakdownPlot = lazyPlot(() => import('./BreakdownPlot').then((m) => m.BreakdownPlot))

/**
 * A horizontal bar per part of a whole (USD by market, by token; weight by allocation),
 * largest first, on an axis from zero with round ticks labelled in the unit.
 */
export function BreakdownChart({ title, slices, unit }: { title: string; slices: Slice[]; unit: BreakdownUnit }) {
  const data = [...slices].sort((a, b) => b.value - a.value)
  const { axis, tick } = zeroAxis(data.map((s) => s.value), unit === 'usd')
  const format = unit === 'usd' ? formatUsd : (v: number) => formatPercent(v, 1)
  return (
    <figure className="yield-chart" aria-label={title} data-testid={`chart-${title}`}>
      <figcaption>{title}</figcaption>
      {data.length ? (
        <BreakdownPlot title={title} data={data} axis={axis} tick={tick} format={format} height={Math.max(120, data.length * ROW_HEIGHT + 40)} />
      ) : (
        <p className="muted">Nothing to chart: no values were reported.</p>
      )}
    </figure>
  )
}
