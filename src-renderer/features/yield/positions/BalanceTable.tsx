import type { YieldBalance } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { CopyButton } from '../../../components/CopyButton'
import { Hex } from '../../../components/Hex'
import { formatDateTime, formatPercent, formatUsd } from '../../../lib/format'
import { yesNo } from '../markets/marketText'

/** A balance's amount: exact base units when sent (with the token's decimals), else the display amount. */
export function BalanceAmount({ b }: { b: YieldBalance }) {
  const symbol = b.token?.symbol
  if (b.amountRaw !== undefined && b.token?.decimals !== undefined)
    return <Amount raw={b.amountRaw} decimals={b.token.decimals} symbol={symbol} copyable />
  return <Amount raw={b.amount} symbol={symbol} copyable />
}

function PendingActions({ b }: { b: YieldBalance }) {
  if (!b.pendingActions?.length) return <span className="muted">—</span>
  return (
    <ul className="yield-plain-list">
      {b.pendingActions.map((a, i) => (
        <li key={i}>
          <strong>{a.type ?? 'Action'}</strong>
          {a.intent ? <span className="muted"> ({a.intent})</span> : null}
          {a.amount !== undefined ? (
            <>
              {' '}
              <Amount raw={a.amount} symbol={b.token?.symbol} />
            </>
          ) : null}
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

/** The balances of one type in one market, one row per wallet and token. */
export function BalanceTable({ label, balances }: { label: string; balances: YieldBalance[] }) {
  return (
    <table className="data yield-balances" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Wallet</th>
          <th scope="col" className="num">Amount</th>
          <th scope="col" className="num">USD</th>
          <th scope="col">Shares</th>
          <th scope="col">Earning</th>
          <th scope="col">Since</th>
          <th scope="col">Pending actions</th>
          <th scope="col">Validators</th>
        </tr>
      </thead>
      <tbody>
        {balances.map((b, i) => (
          <tr key={`${b.address ?? ''}-${b.token?.address ?? ''}-${i}`}>
            <td>
              <Hex value={b.address} />
              {b.network ? <span className="cell-sub">{b.network}</span> : null}
            </td>
            <td className="num">
              <BalanceAmount b={b} />
            </td>
            <td className="num">{formatUsd(b.amountUsd)}</td>
            <td>
              {b.shareAmountRaw !== undefined && b.shareToken?.decimals !== undefined ? (
                <Amount raw={b.shareAmountRaw} decimals={b.shareToken.decimals} symbol={b.shareToken.symbol} />
              ) : b.shareAmount !== undefined ? (
                <Amount raw={b.shareAmount} symbol={b.shareToken?.symbol} />
              ) : (
                <span className="muted">—</span>
              )}
            </td>
            <td>{yesNo(b.isEarning)}</td>
            <td className="wrap">{b.date ? formatDateTime(b.date) : '—'}</td>
            <td className="wrap">
              <PendingActions b={b} />
            </td>
            <td className="wrap">
              <Validators b={b} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
