import { lazyPlot } from '../../../components/lazyPlot'
import { zoneName } from '../../../lib/format'
import type { PlotRow, PlotSeries } from './HistoryPlot'

const loadPlot = () => import('./HistoryPlot')
const HistoryPlot = lazyPlot(() => loadPlot().then((m) => m.HistoryPlot))

/** Loads the chart code ahead of need (the markets list does, when idle, so a market opens with its charts at once). */
export const preloadHistoryPlot = (): void => void loadPlot().catch(() => undefined)

/**
 * A history chart with its caption: what it shows, that the axis starts at zero, and the
 * zone of the time axis. `empty`, when given, is shown instead of the plot (too few points yet).
 */
export function HistoryChart({ title, rows, series, format, note, empty }: { title: string; rows: PlotRow[]; series: PlotSeries[]; format: 'percent' | 'usd'; note?: string; empty?: string }) {
  const drawn = rows.filter((r) => series.some((s) => r[s.key] !== null && r[s.key] !== undefined)).length
  return (
    <figure className="yield-chart" aria-label={title} data-testid={`chart-${title}`} data-points={drawn}>
      <figcaption>
        {title}{' '}
        <span className="muted small">
          ({note ? `${note}; ` : ''}value axis from {format === 'usd' ? '$0' : '0'}; times in {zoneName(rows[rows.length - 1]?.t)})
        </span>
      </figcaption>
      {drawn >= 1 && !empty ? (
        <HistoryPlot rows={rows} series={series} format={format} height={220} />
      ) : (
        <p className="muted">{empty ?? 'Nothing recorded in this range.'}</p>
      )}
    </figure>
  )
}
