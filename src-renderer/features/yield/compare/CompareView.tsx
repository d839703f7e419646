import { useMemo } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { MarketHistory } from '@contract/marketHistory'
import { DataTable, type Column } from '../../../components/DataTable'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { SelectField } from '../../../components/SelectField'
import { ViewHeader } from '../../../components/ViewHeader'
import { useRecordQuery } from '../../../data/useRecordQuery'
import { formatDateTime, formatPercent, formatUsd } from '../../../lib/format'
import { namesById, useCachedMarkets } from '../cachedMarkets'
import { HistoryChart } from '../history/HistoryChart'
import { HistoryExports, RangePicker, useRange } from '../history/MarketHistoryCard'
import { changeLabel, rateLabel } from '../history/historyRows'
import { marketName } from '../markets/marketText'
import { marketPath } from '../paths'
import { YieldTabs } from '../YieldTabs'
import { MAX_COMPARED, mergedRows, readCompared } from './compareRows'

const COLORS = ['var(--accent)', 'var(--ok)', 'var(--warn)', 'var(--bad)']

type Figure = [label: string, value: (h: MarketHistory) => string]

const FIGURES: Figure[] = [
  ['Base rate now', (h) => rateLabel(h.stats.present?.base ?? null, h.stats.present?.baseUnit ?? null)],
  ['Rewards rate now', (h) => rateLabel(h.stats.present?.rewards ?? null, h.stats.present?.rewardsUnit ?? null)],
  ['TVL (USD)', (h) => (h.stats.present?.tvlUsd == null ? '—' : formatUsd(h.stats.present.tvlUsd))],
  ['Utilisation', (h) => (h.stats.present?.utilization == null ? '—' : formatPercent(h.stats.present.utilization))],
  ['Open to entry / exit', (h) => `${h.stats.present?.enter == null ? '—' : h.stats.present.enter ? 'yes' : 'no'} / ${h.stats.present?.exit == null ? '—' : h.stats.present.exit ? 'yes' : 'no'}`],
  ['Change, 7 days', (h) => changeLabel(h.stats.change7d)],
  ['30-day mean', (h) => rateLabel(h.stats.mean30d, h.stats.present?.baseUnit ?? null)],
  ['30-day σ', (h) => (h.stats.sd30d === null ? '—' : changeLabel(h.stats.sd30d).replace(/^[+±−]/, ''))],
  ['Outlier (> 3 σ)', (h) => (h.stats.outlier ? 'Yes' : 'No')],
  ['Last recorded', (h) => (h.lastAt === null ? 'Never' : formatDateTime(h.lastAt))],
]

/** Each compared market's present state and figures, side by side. */
function StateTable({ histories, nameOf }: { histories: readonly MarketHistory[]; nameOf(id: string): string }) {
  const columns: Column<Figure>[] = [
    { id: 'figure', header: 'Figure', rowHeader: true, cell: ([label]) => label },
    ...histories.map((h) => ({ id: h.marketId, header: <Link to={marketPath(h.marketId)}>{nameOf(h.marketId)}</Link>, cell: ([, value]: Figure) => value(h) })),
  ]
  return <DataTable label="Compared markets" columns={columns} rows={FIGURES} rowKey={([label]) => label} />
}

function ComparedCharts({ histories, nameOf }: { histories: readonly MarketHistory[]; nameOf(id: string): string }) {
  const series = histories.map((h, i) => ({ key: `m${i}`, name: `${nameOf(h.marketId)} (${h.stats.present?.baseUnit ?? 'unit not stated'})`, color: COLORS[i] }))
  const tvlSeries = histories.map((h, i) => ({ key: `m${i}`, name: nameOf(h.marketId), color: COLORS[i] }))
  return (
    <div className="yield-history-charts">
      <HistoryChart title="Base rate over time" rows={mergedRows(histories, 'base')} series={series} format="percent" note="each market in its own unit" />
      <HistoryChart title="TVL over time, compared" rows={mergedRows(histories, 'tvlUsd')} series={tvlSeries} format="usd" />
    </div>
  )
}

/** Pick 2–4 markets: their recorded histories on one chart, their state side by side. Read from main's record, so offline too. */
export function CompareView() {
  const [params, setParams] = useSearchParams()
  const ids = useMemo(() => readCompared(params), [params])
  const [range] = useRange()
  const cached = useCachedMarkets()
  const names = useMemo(() => namesById(cached), [cached])
  const nameOf = (id: string) => names.get(id) ?? id
  const options = useMemo(
    () => [{ value: '', label: ids.length >= MAX_COMPARED ? `At most ${MAX_COMPARED} markets` : 'Add a market…' }, ...cached.filter((m) => !ids.includes(m.id)).map((m) => ({ value: m.id, label: marketName(m) })).sort((a, b) => a.label.localeCompare(b.label))],
    [cached, ids],
  )
  const query = useRecordQuery('getMarketHistories', ids.length >= 2 ? { marketIds: ids, range } : null)
  const setIds = (next: string[]) => setParams((p) => (p.delete('m'), next.forEach((id) => p.append('m', id)), p), { replace: true })
  return (
    <section className="view" aria-labelledby="compare-title">
      <ViewHeader title="Compare markets" titleId="compare-title">
        <YieldTabs />
      </ViewHeader>
      <div className="row">
        <SelectField label="Add a market" layout="inline" value="" options={options} disabled={ids.length >= MAX_COMPARED} onChange={(id) => id && setIds([...ids, id])} />
        {ids.map((id) => (
          <button key={id} type="button" onClick={() => setIds(ids.filter((x) => x !== id))} aria-label={`Remove ${nameOf(id)}`}>
            {nameOf(id)} ✕
          </button>
        ))}
        <RangePicker />
      </div>
      {ids.length < 2 ? <p className="muted">Pick two to four markets (from those this profile has listed) to see their recorded histories on one chart and their state side by side.</p> : null}
      {query.isError ? <ErrorNotice error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && ids.length >= 2 ? (
        <>
          <ComparedCharts histories={query.data} nameOf={nameOf} />
          <StateTable histories={query.data} nameOf={nameOf} />
          <HistoryExports marketIds={ids} range={range} file="market-comparison" csvLabel="Export CSV" />
        </>
      ) : null}
    </section>
  )
}
