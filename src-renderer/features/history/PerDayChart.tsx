import { PerDayPlot } from './PerDayPlot'
import { STATUS_KEYS, type DayBucket } from './summary'

/** Intents per UTC day, stacked by status; only statuses that occur get a bar and a legend entry. */
export function PerDayChart({ days }: { days: readonly DayBucket[] }) {
  const present = STATUS_KEYS.filter((s) => days.some((d) => d[s] > 0))
  return (
    <figure className="history-chart" aria-label="Intents per day by status">
      <figcaption className="muted small">Intents per day (UTC) by status</figcaption>
      <PerDayPlot days={days} statuses={present} height={150} />
    </figure>
  )
}
