import type { MarketStats } from '@contract/marketHistory'
import { MIN_OUTLIER_SAMPLES, OUTLIER_SIGMAS } from '@contract/marketHistory'
import { FieldList, type Field } from '../../../components/FieldList'
import { changeLabel, rateLabel } from './historyRows'

/** The figures beside the charts: base-rate changes, the 30-day mean and σ, and the outlier flag. */
export function HistoryFigures({ stats }: { stats: MarketStats }) {
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
