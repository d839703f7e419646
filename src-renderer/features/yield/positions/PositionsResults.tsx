import { Link } from 'react-router'
import type { YieldError } from '@contract/service'
import { FieldList } from '../../../components/FieldList'
import { countOf, formatUsd } from '../../../lib/format'
import { marketPath } from '../paths'
import { rewardRateLabel } from '../markets/marketText'
import { BalanceAmount, BalanceTable } from './BalanceTable'
import { errorLabel, sumUsd, totalsByType, type MarketGroup } from './positionsModel'

/** Per-yield failures, beside the results: the rest of the answer is still good. */
export function YieldErrors({ errors, nameOf }: { errors: readonly YieldError[]; nameOf(id: string): string | undefined }) {
  if (!errors.length) return null
  return (
    <aside className="notice notice-error yield-errors" aria-label="Failed lookups">
      <strong>{countOf(errors.length, 'lookup')} failed</strong>
      <ul>
        {errors.map((e, i) => (
          <li key={i}>
            <span className="mono">{errorLabel(e, nameOf)}</span>: {e.error ?? 'no reason given'}
          </li>
        ))}
      </ul>
    </aside>
  )
}

function TypeTotals({ groups }: { groups: readonly MarketGroup[] }) {
  const totals = totalsByType(groups)
  const all = sumUsd(groups.map((g) => g.totalUsd))
  return (
    <section className="card" aria-label="Totals">
      <h2>
        Total <span data-testid="positions-total">{formatUsd(all)}</span>
      </h2>
      <FieldList fields={totals.map((t) => [t.type, <>{formatUsd(t.totalUsd)} <span className="muted small">({t.balances.length} balances)</span></>])} />
    </section>
  )
}

/** Positions per market, and inside each market per balance type, with USD totals. */
export function PositionsResults({ groups }: { groups: readonly MarketGroup[] }) {
  return (
    <div className="yield-positions">
      <TypeTotals groups={groups} />
      {groups.map((g) => (
        <section key={g.yieldId} className="card" aria-label={`Market ${g.name}`} data-testid="position-market" data-yield-id={g.yieldId}>
          <h2 className="row">
            {g.yieldId ? <Link to={marketPath(g.yieldId)}>{g.name}</Link> : g.name}
            {g.name !== g.yieldId ? <span className="muted small mono">{g.yieldId}</span> : null}
            <span className="yield-group-total">{formatUsd(g.totalUsd)}</span>
          </h2>
          {g.rewardRate ? <p className="muted small">Reward rate {rewardRateLabel(g.rewardRate)}</p> : null}
          {g.types.map((t) => (
            <div key={t.type} className="yield-type-group">
              <h3>
                {t.type} <span className="muted">{formatUsd(t.totalUsd)}</span>
              </h3>
              <BalanceTable label={`${g.name} ${t.type}`} balances={t.balances} />
            </div>
          ))}
          {g.outputTokenBalance ? (
            <p className="small">
              Output token balance: <BalanceAmount b={g.outputTokenBalance} />{' '}
              <span className="muted">{formatUsd(g.outputTokenBalance.amountUsd)}</span>
            </p>
          ) : null}
        </section>
      ))}
    </div>
  )
}
