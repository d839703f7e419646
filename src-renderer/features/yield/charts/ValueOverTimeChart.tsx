import { lazyPlot } from '../../../components/lazyPlot'

const ValueOverTimePlot = lazyPlot(() => import('./ValueOverTimePlot').then((m) => m.ValueOverTimePlot))

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
