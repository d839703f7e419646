import type { YieldMarket } from '@contract/service'
import { DataTable, type Column } from '../../../components/DataTable'
import { Hex } from '../../../components/Hex'
import { Logo } from '../../../components/Logo'
import { yesNo } from '../../../lib/format'

const tokenColumns = (chainId: number | undefined): Column<TokenRow>[] => [
  { id: 'role', header: 'Role', cell: (r) => r.role },
  {
    id: 'symbol',
    header: 'Symbol',
    cell: ({ token: t }) => (
      <span className="chain-name">
        <Logo name={t.symbol ?? t.name ?? '?'} uri={t.logoURI} />
        {t.symbol ?? '—'}
      </span>
    ),
  },
  { id: 'name', header: 'Name', cell: (r) => r.token.name ?? '—' },
  { id: 'network', header: 'Network', cell: (r) => r.token.network ?? '—' },
  { id: 'address', header: 'Address', cell: (r) => <Hex value={r.token.address} kind="address" chainId={chainId} /> },
  { id: 'decimals', header: 'Decimals', cell: (r) => r.token.decimals ?? '—', align: 'right' },
  { id: 'points', header: 'Points', cell: (r) => yesNo(r.token.isPoints) },
  { id: 'feed', header: 'Price feed', cell: (r) => (r.token.priceFeedId ? <span className="mono">{r.token.priceFeedId}</span> : '—') },
]

/** Yield tokens with every field the spec gives them; addresses copyable. */
export function TokenTable({ rows, label, chainId }: { rows: TokenRow[]; label: string; chainId?: number }) {
  if (!rows.length) return <p className="muted">The service listed no tokens.</p>
  return <DataTable columns={tokenColumns(chainId)} rows={rows} rowKey={(r) => `${r.role}-${rows.indexOf(r)}`} label={label} />
}

type TokenRow = ReturnType<typeof marketTokenRows>[number]

/** The market's tokens by role, in the order a reader looks for them. */
export function marketTokenRows(m: Pick<YieldMarket, 'token' | 'inputTokens' | 'tokens' | 'outputToken'>) {
  return [
    ...(m.token ? [{ role: 'Token', token: m.token }] : []),
    ...(m.inputTokens ?? []).map((token) => ({ role: 'Input', token })),
    ...(m.outputToken ? [{ role: 'Output', token: m.outputToken }] : []),
    ...(m.tokens ?? []).map((token) => ({ role: 'Listed', token })),
  ]
}
