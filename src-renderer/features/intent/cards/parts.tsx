import { createContext, useContext, type ReactNode } from 'react'
import { Amount, TokenAmount } from '../../../components/Amount'
import { FieldList, isBlank } from '../../../components/FieldList'
import { Hex } from '../../../components/Hex'
import { formatDateTime, formatPercent, formatUsd } from '../../../lib/format'
import { useChainsById } from '../../../lib/displaySources'
import { chainName } from '../../../lib/chains'
import type { TokenLookup } from '../tokenLookup'
import { PricedUsd } from '../../../components/PricedUsd'
import { useProfileId } from '../../../data/useServiceQuery'
import { valueAll } from '../../../lib/priceSource'
import { usePriceBook } from '../../../stores/priceBook'

/** A titled card of the intent page; `id` doubles as the anchor the page's contents link to. */
export function Card({ id, title, children, actions, className, ...attrs }: { id: string; title: string; children: ReactNode; actions?: ReactNode; className?: string; 'data-outcome'?: string }) {
  return (
    <section className={className ? `card intent-card ${className}` : 'card intent-card'} id={`intent-${id}`} aria-labelledby={`intent-${id}-title`} {...attrs}>
      <div className="intent-card-head">
        <h2 id={`intent-${id}-title`}>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  )
}

export type KVRow = readonly [label: string, value: ReactNode | undefined]

/** Key/value rows, under their `title` when given; rows whose value the service did not send are left out. */
export function KV({ rows, title, label = title }: { rows: readonly KVRow[]; title?: string; label?: string }) {
  const shown = rows.filter(([, v]) => !isBlank(v))
  const list = shown.length ? <FieldList fields={shown} label={label} /> : <p className="muted">Not sent by the service.</p>
  return title ? (
    <div>
      <h3>{title}</h3>
      {list}
    </div>
  ) : (
    list
  )
}

const TokenContext = createContext<TokenLookup>(() => undefined)
export const TokenLookupProvider = TokenContext.Provider
export const useTokenLookup = () => useContext(TokenContext)

/** An amount of a token the intent mentions, labelled by the intent's own metadata, then learnt labels. */
function IntentTokenAmount(p: { raw: string; chainId?: number; token?: string }) {
  return <TokenAmount {...p} resolve={useTokenLookup()} />
}

/** An amount's USD value at the profile's one price source, with how it was priced: the figure every other view gives the same amount. */
function BookValue({ raw, chainId, token }: { raw: string; chainId?: number; token?: string }) {
  const label = useTokenLookup()(chainId, token)
  const book = usePriceBook(useProfileId())
  return <PricedUsd sum={valueAll(book, [{ raw, decimals: label?.decimals, chainId, token, symbol: label?.symbol }])} label="USD value at the profile’s price" />
}

export const bookValue = (raw: string | undefined, chainId: number | undefined, token: string | undefined) =>
  raw === undefined ? undefined : <BookValue raw={raw} chainId={chainId} token={token} />

/** A token named by chain and address: its symbol first where known (offline too, from learnt labels), the address beside it. */
function TokenName({ address, chainId }: { address: string; chainId?: number }) {
  const label = useTokenLookup()(chainId, address)
  if (!label?.symbol) return <Hex value={address} kind="address" chainId={chainId} />
  return (
    <span className="token-name">
      <strong>{label.symbol}</strong> <Hex value={address} kind="address" chainId={chainId} />
    </span>
  )
}

/** An amount of a chain's native currency (gas, call value). */
export function NativeAmount({ raw, chainId, symbol }: { raw: string; chainId?: number; symbol?: string }) {
  const byId = useChainsById()
  const native = chainId === undefined ? undefined : byId.get(chainId)?.nativeCurrency
  return <Amount raw={raw} decimals={native?.decimals} symbol={symbol ?? native?.symbol} base copyable />
}

function ChainName({ id }: { id: number }) {
  const byId = useChainsById()
  return (
    <span title={`Chain id ${id}`}>
      {chainName(byId, id)} <span className="muted">({id})</span>
    </span>
  )
}

/** Row values: an element when the service sent the field, undefined (row left out) when not. */
export const tokenAmount = (raw: string | undefined, chainId: number | undefined, token: string | undefined) =>
  raw === undefined ? undefined : <IntentTokenAmount raw={raw} chainId={chainId} token={token} />
export const nativeAmount = (raw: string | undefined, chainId: number | undefined, symbol?: string) =>
  raw === undefined ? undefined : <NativeAmount raw={raw} chainId={chainId} symbol={symbol} />
export const chain = (id: number | undefined) => (id === undefined ? undefined : <ChainName id={id} />)
export const token = (address: string | undefined, chainId: number | undefined) =>
  address ? <TokenName address={address} chainId={chainId} /> : undefined
export const hex = (value: string | undefined, kind?: 'address' | 'tx', chainId?: number) =>
  value ? <Hex value={value} kind={kind} chainId={chainId} /> : undefined
export const usd = (v: number | undefined) => (v === undefined ? undefined : formatUsd(v))
export const percent = (v: number | undefined) => (v === undefined ? undefined : formatPercent(v, 3))
export const time = (v: string | undefined) => (v ? <span title={v}>{formatDateTime(v)}</span> : undefined)
export const plain = (v: string | number | undefined) => (v === undefined ? undefined : String(v))
export const mono = (v: string | number | undefined) => (v === undefined ? undefined : <span className="mono">{v}</span>)
