import type { YieldToken } from '@contract/service'
import { Hex } from '../../../components/Hex'
import { Logo } from '../../../components/Logo'
import { yesNo } from '../markets/marketText'

export interface TokenRow {
  role: string
  token: YieldToken
}

/** Yield tokens with every field the spec gives them; addresses copyable. */
export function TokenTable({ rows, label, chainId }: { rows: TokenRow[]; label: string; chainId?: number }) {
  if (!rows.length) return <p className="muted">The service listed no tokens.</p>
  return (
    <table className="data" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">Role</th>
          <th scope="col">Symbol</th>
          <th scope="col">Name</th>
          <th scope="col">Network</th>
          <th scope="col">Address</th>
          <th scope="col" className="num">
            Decimals
          </th>
          <th scope="col">Points</th>
          <th scope="col">Price feed</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ role, token: t }, i) => (
          <tr key={`${role}-${i}`}>
            <td>{role}</td>
            <td>
              <span className="chain-name">
                <Logo name={t.symbol ?? t.name ?? '?'} uri={t.logoURI} />
                {t.symbol ?? '—'}
              </span>
            </td>
            <td>{t.name ?? '—'}</td>
            <td>{t.network ?? '—'}</td>
            <td>
              <Hex value={t.address} kind="address" chainId={chainId} />
            </td>
            <td className="num">{t.decimals ?? '—'}</td>
            <td>{yesNo(t.isPoints)}</td>
            <td>{t.priceFeedId ? <span className="mono">{t.priceFeedId}</span> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The market's tokens by role, in the order a reader looks for them. */
export function marketTokenRows(m: {
  token?: YieldToken
  inputTokens?: YieldToken[]
  tokens?: YieldToken[]
  outputToken?: YieldToken
}): TokenRow[] {
  return [
    ...(m.token ? [{ role: 'Token', token: m.token }] : []),
    ...(m.inputTokens ?? []).map((token) => ({ role: 'Input', token })),
    ...(m.outputToken ? [{ role: 'Output', token: m.outputToken }] : []),
    ...(m.tokens ?? []).map((token) => ({ role: 'Listed', token })),
  ]
}
