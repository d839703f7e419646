import { lazyPlot } from '../../components/lazyPlot'
import type { DayPoint } from '../../lib/routeStats'

const Plot = lazyPlot(() => import('./TrendPlot').then((m) => m.TrendPlot))

export function TrendChart({ days, title }: { days: readonly DayPoint[]; title: string }) {
  return (
    <figure className="routes-chart" aria-label={`Trend by day: ${title}`}>
      <figcaption className="muted small">{title}: intents per day (UTC) by outcome, and the median time to finish</figcaption>
      {days.length ? <Plot days={days} height={180} /> : <p className="muted">No intents in this window.</p>}
    </figure>
  )
}
