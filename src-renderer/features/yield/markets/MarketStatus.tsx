import type { YieldMarket } from '@contract/service'
import { statusLabel } from './marketText'

const flag = (label: string, on: boolean | undefined) =>
  on === undefined ? null : (
    <span className={`badge ${on ? 'tone-ok' : 'tone-bad'}`} title={`${label} ${on ? 'open' : 'closed'}`}>
      {label} {on ? '✓' : '✗'}
    </span>
  )

/** Whether deposits (enter) and withdrawals (exit) are open, as two small badges. */
export function MarketStatus({ status }: { status: YieldMarket['status'] }) {
  if (!status || (status.enter === undefined && status.exit === undefined)) return <span className="muted">—</span>
  return (
    <span className="yield-status" title={statusLabel(status)}>
      {flag('enter', status.enter)} {flag('exit', status.exit)}
    </span>
  )
}
