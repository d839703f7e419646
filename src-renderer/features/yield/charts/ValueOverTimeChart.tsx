import { lazyPlot } from '../../../components/lazyPlot'
import { zoneName } from '../../../lib/format'

const ValueOverTimePlot = lazyPlot(() => import('./ValueOverTimePlot').then((m) => m.ValueOverTimePlot))

/** Total USD value at each fetch the cache kept of exactly these wallets, on a true time axis. */
export function ValueOverTimeChart({ points }: { points: Array<{ at: number; usd: number }> }) {
  return (
    <figure className="yield-chart" aria-label="Value over time" data-testid="chart-Value over time">
      <figcaption>
        Value over time{' '}
        <span className="muted small">
          ({points.length} {points.length === 1 ? 'fetch' : 'fetches'} with a USD value, of exactly these wallets; value axis from $0; times in {zoneName(points[points.length - 1]?.at)})
        </span>
      </figcaption>
      {points.length >= 2 ? (
        <ValueOverTimePlot points={points} height={220} />
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
