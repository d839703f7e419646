import type { YieldBalance } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { DataTable, type Column } from '../../../components/DataTable'
import { CopyButton } from '../../../components/CopyButton'
import { Hex } from '../../../components/Hex'
import { formatDateTime, formatPercent, formatUsd, yesNo } from '../../../lib/format'

/** An amount (of a balance, of its shares): exact base units when sent with the token's decimals, else the display amount. */
function ExactAmount({ raw, shown, token, copyable }: { raw?: string; shown?: string; token?: { decimals?: number; symbol?: string }; copyable?: boolean }) {
  if (raw !== undefined && token?.decimals !== undefined) return <Amount raw={raw} decimals={token.decimals} symbol={token.symbol} copyable={copyable} />
  return <Amount raw={shown} symbol={token?.symbol} copyable={copyable} />
}

export const BalanceAmount = ({ b }: { b: YieldBalance }) => <ExactAmount raw={b.amountRaw} shown={b.amount} token={b.token} copyable />

function PendingActions({ b }: { b: YieldBalance }) {
  if (!b.pendingActions?.length) return <span className="muted">—</span>
  return (
    <ul className="yield-plain-list">
      {b.pendingActions.map((a, i) => (
        <li key={i}>
          <strong>{a.type ?? 'Action'}</strong>
          {a.intent ? <span className="muted"> ({a.intent})</span> : null}
          {a.amount !== undefined ? <> <Amount raw={a.amount} symbol={b.token?.symbol} /></> : null}
          {a.passthrough ? <CopyButton text={a.passthrough} label="Copy passthrough" /> : null}
        </li>
      ))}
    </ul>
  )
}

function Validators({ b }: { b: YieldBalance }) {
  const list = [...(b.validator ? [b.validator] : []), ...(b.validators ?? [])]
  if (!list.length) return <span className="muted">—</span>
  return (
    <ul className="yield-plain-list">
      {list.map((v, i) => (
        <li key={`${v.address ?? ''}-${i}`}>
          {v.name ?? 'Validator'}
          {v.preferred ? <span className="badge tone-ok yield-flag">preferred</span> : null}{' '}
          <Hex value={v.address} />
          <span className="muted small">
            {v.commission !== undefined ? ` commission ${formatPercent(v.commission)}` : ''}
            {v.status ? ` · ${v.status}` : ''}
            {v.tvlUsd !== undefined ? ` · TVL ${formatUsd(v.tvlUsd)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  )
}

const BALANCE_COLUMNS: Column<YieldBalance>[] = [
  {
    id: 'wallet',
    header: 'Wallet',
    cell: (b) => (
      <>
        <Hex value={b.address} />
        {b.network ? <span className="cell-sub">{b.network}</span> : null}
      </>
    ),
  },
  { id: 'amount', header: 'Amount', cell: (b) => <BalanceAmount b={b} />, align: 'right' },
  { id: 'usd', header: 'USD', cell: (b) => formatUsd(b.amountUsd), align: 'right' },
  { id: 'shares', header: 'Shares', cell: (b) => <ExactAmount raw={b.shareAmountRaw} shown={b.shareAmount} token={b.shareToken} /> },
  { id: 'earning', header: 'Earning', cell: (b) => yesNo(b.isEarning) },
  { id: 'since', header: 'Since', cell: (b) => (b.date ? formatDateTime(b.date) : '—'), wrap: true },
  { id: 'pending', header: 'Pending actions', cell: (b) => <PendingActions b={b} />, wrap: true },
  { id: 'validators', header: 'Validators', cell: (b) => <Validators b={b} />, wrap: true },
]

/** The balances of one type in one market, one row per wallet and token. */
export function BalanceTable({ label, balances }: { label: string; balances: YieldBalance[] }) {
  const key = (b: YieldBalance) => `${b.address ?? ''}-${b.token?.address ?? ''}-${balances.indexOf(b)}`
  return (
    <div className="yield-balances">
      <DataTable columns={BALANCE_COLUMNS} rows={balances} rowKey={key} label={label} />
    </div>
  )
}
