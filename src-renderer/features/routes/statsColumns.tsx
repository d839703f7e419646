import type { Column } from '../../components/DataTable'
import { p95Caveat } from '../../lib/outcomes'
import { formatDuration, formatPercent } from '../../lib/format'
import type { GroupStats } from '../../lib/routeStats'

/** The figures every group shares; the first column (route or provider) comes from the caller. */
export function figureColumns(): Column<GroupStats>[] {
  return [
    { id: 'count', header: 'Intents', align: 'right', sortValue: (g) => g.count, cell: (g) => g.count.toLocaleString('en-US') },
    { id: 'success', header: 'Success', align: 'right', sortValue: (g) => g.successRate, cell: (g) => formatPercent(g.successRate, 1) },
    { id: 'refund', header: 'Refunded', align: 'right', sortValue: (g) => g.refundRate, cell: (g) => formatPercent(g.refundRate, 1) },
    { id: 'p50', header: 'p50 to finish', align: 'right', sortValue: (g) => g.p50Ms, cell: (g) => formatDuration(g.p50Ms) },
    { id: 'p95', header: 'p95 to finish', align: 'right', sortValue: (g) => g.p95Ms, cell: (g) => (p95Caveat(g.durations.length) ? <span title={p95Caveat(g.durations.length)}>{formatDuration(g.p95Ms)} <span className="muted small">({g.durations.length} timed, too few)</span></span> : formatDuration(g.p95Ms)) },
    { id: 'samples', header: 'Timed', align: 'right', sortValue: (g) => g.durations.length, cell: (g) => g.durations.length.toLocaleString('en-US') },
  ]
}
