import { Link } from 'react-router'
import { useMutation } from '@tanstack/react-query'
import { HISTORY_RANGES, MAX_HISTORY_POINTS, MIN_OUTLIER_SAMPLES, OUTLIER_SIGMAS, type HistoryRange, type MarketHistory, type MarketStats } from '@contract/marketHistory'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { FieldList, type Field } from '../../../components/FieldList'
import { toSvcError } from '../../../data/errors'
import { useRecordFetch, useRecordQuery } from '../../../data/useRecordQuery'
import { datedFilename, downloadText } from '../../../lib/download'
import { formatAge, formatDateTime } from '../../../lib/format'
import { useUrlParam } from '../../../lib/useUrlParam'
import { HistoryChart } from './HistoryChart'
import { comparePath } from '../paths'
import { changeLabel, chartRows, historiesCsv, historyJson, rateLabel, rateName, unitsOf } from './historyRows'

const RANGE_LABEL: Record<HistoryRange, string> = { '24h': '24 h', '7d': '7 d', '30d': '30 d', all: 'All' }

/** The history range in the page's URL (`range=`; 7 days when absent or unknown), and its setter. */
export function useRange(): [HistoryRange, (r: HistoryRange) => void] {
  const [r, setRange] = useUrlParam('range')
  return [(HISTORY_RANGES as readonly string[]).includes(r) ? (r as HistoryRange) : '7d', setRange]
}

export function RangePicker() {
  const [range, onRange] = useRange()
  return (
    <div className="row" role="group" aria-label="Range">
      {HISTORY_RANGES.map((r) => (
        <button key={r} type="button" aria-pressed={r === range} className={r === range ? 'primary' : undefined} onClick={() => onRange(r)}>
          {RANGE_LABEL[r]}
        </button>
      ))}
    </div>
  )
}

function RecordedSpan({ h }: { h: MarketHistory }) {
  if (h.firstAt === null || h.lastAt === null) return <p className="muted">Nothing recorded for this market yet: the app records every market at the interval set in Settings, and every page of markets a view loads.</p>
  return (
    <p className="muted small" data-testid="history-age">
      Recorded by this app (the service keeps no history) from {formatDateTime(h.firstAt)} to {formatDateTime(h.lastAt)}, last {formatAge(h.lastAt)}.
      {h.thinnedToMinutes ? ` Drawn with one point per ${h.thinnedToMinutes} minutes (the last recorded in each); the exports hold every one.` : ''}
    </p>
  )
}

/**
 * Exports every recorded observation of the markets over the range (the charts may show
 * fewer), as CSV (one file, a market after another) or, for one market, JSON.
 */
export function HistoryExports(props: { marketIds: readonly string[]; range: HistoryRange; file: string; csvLabel: string; json?: boolean; disabled?: boolean }) {
  const { marketIds, range, file, disabled } = props
  const read = useRecordFetch()
  const exporting = useMutation({
    mutationFn: (_kind: 'csv' | 'json') => Promise.all(marketIds.map((marketId) => read('getMarketHistory', { marketId, range, points: MAX_HISTORY_POINTS }))),
    onSuccess: (all, kind) =>
      kind === 'csv'
        ? downloadText(historiesCsv(all), datedFilename(file, 'csv'), 'text/csv')
        : downloadText(historyJson(marketIds[0], all[0].points), datedFilename(file, 'json'), 'application/json'),
  })
  return (
    <div className="row">
      <button type="button" disabled={disabled} onClick={() => exporting.mutate('csv')}>
        {props.csvLabel}
      </button>
      {props.json ? (
        <button type="button" disabled={disabled} onClick={() => exporting.mutate('json')}>
          Export history JSON
        </button>
      ) : null}
      {exporting.error ? <ErrorNotice error={toSvcError(exporting.error)} /> : null}
    </div>
  )
}

/** The figures beside the charts: base-rate changes, the 30-day mean and σ, and the outlier flag. */
function HistoryFigures({ stats }: { stats: MarketStats }) {
  const unit = stats.present?.baseUnit ?? null
  const rows: Field[] = [
    ['Base rate now', rateLabel(stats.present?.base ?? null, unit)],
    ['Change, 1 day', changeLabel(stats.change1d)],
    ['Change, 7 days', changeLabel(stats.change7d)],
    ['Change, 30 days', changeLabel(stats.change30d)],
    ['30-day mean', rateLabel(stats.mean30d, unit)],
    ['30-day σ', stats.sd30d === null ? '—' : changeLabel(stats.sd30d).replace(/^[+±−]/, '')],
    ['Points in 30 days', stats.samples30d.toLocaleString('en-US')],
  ]
  return (
    <div className="yield-history-figures" aria-label="History figures">
      <FieldList fields={rows} />
      {stats.outlier ? (
        <p className="badge tone-warn" role="status" data-testid="outlier-flag">
          Outlier: the base rate now is more than {OUTLIER_SIGMAS} σ from its 30-day mean
        </p>
      ) : (
        <p className="muted small" data-testid="outlier-none">
          {stats.samples30d < MIN_OUTLIER_SAMPLES
            ? `No outlier check until ${MIN_OUTLIER_SAMPLES} earlier points are recorded.`
            : `Within ${OUTLIER_SIGMAS} σ of the 30-day mean.`}
        </p>
      )}
    </div>
  )
}

function HistoryBody({ h, range }: { h: MarketHistory; range: HistoryRange }) {
  const rows = chartRows(h.points)
  const units = unitsOf(h.points)
  return (
    <>
      <RecordedSpan h={h} />
      <div className="yield-history">
        <div className="yield-history-charts">
          <HistoryChart
            title="Rates over time"
            rows={rows}
            format="percent"
            note="rewards stacked on the base rate, each in its own unit"
            series={[
              { key: 'base', name: rateName('Base rate', units.base), color: 'var(--accent)', stack: true },
              // A market without rewards gets no rewards series (nor its legend entry).
              ...(rows.some((r) => r.rewards !== null) ? [{ key: 'rewards', name: rateName('Rewards', units.rewards), color: 'var(--ok)', stack: true }] : []),
            ]}
          />
          <HistoryChart title="TVL over time" rows={rows} format="usd" series={[{ key: 'tvlUsd', name: 'TVL (USD)', color: 'var(--info)' }]} />
        </div>
        <HistoryFigures stats={h.stats} />
      </div>
      <HistoryExports marketIds={[h.marketId]} range={range} file={`market-history-${h.marketId.slice(0, 60)}`} csvLabel="Export history CSV" json disabled={!h.points.length} />
    </>
  )
}

/** The market page's history: rates and TVL over a range, the figures beside them, exports. Works offline: main answers from its record. */
export function MarketHistoryCard({ marketId }: { marketId: string }) {
  const [range] = useRange()
  const query = useRecordQuery('getMarketHistory', { marketId, range })
  return (
    <section className="card" aria-label="History" data-testid="market-history">
      <div className="row">
        <h2>History</h2>
        <RangePicker />
        <Link to={comparePath([marketId])}>Compare with other markets</Link>
      </div>
      {query.isError ? <ErrorNotice error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <HistoryBody h={query.data} range={range} /> : query.isPending ? <p className="muted">Reading the recorded history…</p> : null}
    </section>
  )
}
