import type { ReactNode } from 'react'
import type { ChainInfo, GasFeeOptions, Intent, ReportedStatus } from '@contract/service'
import { Amount, TokenAmount } from '../../components/Amount'
import { FieldList } from '../../components/FieldList'
import { Hex } from '../../components/Hex'
import { Route } from '../../components/Route'
import { StatusBadge } from '../../components/StatusBadge'
import { formatAge, formatAmount, formatDateTime, formatDuration, formatPercent, formatUsd, parseTime } from '../../lib/format'
import { intentRoute, labelledLeg } from '../../lib/intentRoute'
import { providerCodes } from '@contract/historyEntry'
import { useNow } from '../../lib/useNow'
import { useChainsById } from '../../lib/displaySources'
import { useServiceNow } from '../../data/serviceExtras'
import { useTokenCatalog } from '../../data/reference/knownTokens'
import { chainName } from '../../lib/chains'

/** An amount of a token named by address, labelled with what the answer states, else the catalogue (learnt labels and well-known tokens). */
function CatalogAmount(p: { chainId?: number; token?: string; raw?: string; decimals?: number; symbol?: string }) {
  return <TokenAmount raw={p.raw} chainId={p.chainId} token={p.token} stated={p} resolve={useTokenCatalog().find} />
}
/** When the quote stops being honoured; warns once that moment has passed. */
function Expiry({ expiresAt, label }: { expiresAt: string | undefined; label: string }) {
  const at = parseTime(expiresAt)
  const { now, skewNote } = useServiceNow(useNow(1000, at !== undefined))
  if (at === undefined) return <span className="muted">not given</span>
  const expired = at <= now
  return (
    <span className={expired ? 'tone-bad' : undefined} data-testid={`expiry-${label}`}>
      {formatDateTime(expiresAt)} ({expired ? `expired ${formatAge(at, now)}` : `expires ${formatAge(at, now)}`})
      {skewNote ? <span className="muted small" data-testid="clock-skew"> — {skewNote}</span> : null}
    </span>
  )
}

/** A part of the preview: its title over key–value rows; a row whose value is undefined is left out. */
function Section({ title, rows, label }: { title: string; rows: ReadonlyArray<readonly [string, ReactNode | undefined]>; label?: string }) {
  return (
    <section aria-label={label}>
      <h3>{title}</h3>
      <FieldList fields={rows.filter(([, v]) => v !== undefined)} />
    </section>
  )
}

const withUsd = (amount: ReactNode, usd: number | string | undefined) => (
  <>
    {amount} <span className="muted">{formatUsd(usd)}</span>
  </>
)

/** Who and where: the intent's identity, parties, chains and deadline. */
function IntentSection({ intent, status }: { intent: Intent; status: ReportedStatus | undefined }) {
  const chains = useChainsById()
  return (
    <Section
      title="Intent"
      rows={[
        ['Status', <StatusBadge key="s" status={status} />],
        ['Intent id', <Hex key="i" value={intent.intentId} />],
        ['Project', intent.projectId ?? <span className="muted">Not reported by this service</span>],
        ['Owner', <Hex key="o" value={intent.ownerAddress} kind="address" chainId={intent.originChainId} />],
        ['Recipient', <Hex key="r" value={intent.quoteRequest?.destinationToAddress} kind="address" chainId={intent.destinationChainId} />],
        ['Deposit address', <Hex key="d" value={intent.originIntentAddress} kind="address" chainId={intent.originChainId} />],
        ['From', chainName(chains, intent.originChainId)],
        ['To', chainName(chains, intent.destinationChainId)],
        [
          'Protocol',
          <>
            {intent.serviceVersion ?? '—'}
            {intent.isTestnet ? <span className="badge tone-warn"> testnet</span> : null}
          </>,
        ],
        ['Quote expires', <Expiry key="e" expiresAt={intent.expiresAt} label="intent" />],
      ]}
    />
  )
}

/** What goes in and comes out, in token units with symbols, and the quote's terms. */
function QuoteSection({ intent }: { intent: Intent }) {
  const { from, to } = intentRoute(intent)
  const quote = intent.quote
  return (
    <Section
      title="Quote"
      rows={[
        ['You send', withUsd(<CatalogAmount chainId={from.chainId} token={from.tokenAddress} raw={from.amount} decimals={from.decimals} />, quote?.fromAmountUsd)],
        ['You receive (quoted)', withUsd(<CatalogAmount chainId={to.chainId} token={to.tokenAddress} raw={to.amount} />, quote?.toAmountUsd)],
        ['At least', withUsd(<CatalogAmount chainId={to.chainId} token={to.tokenAddress} raw={quote?.toAmountMin} />, quote?.toAmountMinUsd)],
        ['Max slippage', formatPercent(quote?.maxSlippage)],
        ['Price impact', withUsd(formatPercent(quote?.priceImpact, 3), quote?.priceImpactUsd)],
        ['Estimated time', quote?.estimatedDuration === undefined ? '—' : formatDuration(quote.estimatedDuration * 1000)],
        ['Providers', providerCodes(intent.quote?.routeProviders).join(', ') || '—'],
      ]}
    />
  )
}

/** Gas figures with their units: gas (a count), gwei per gas, the native coin's symbol. */
const gasUnits = {
  count: (raw: string | undefined) => (raw === undefined ? undefined : <span title={`${raw} gas`}>{formatAmount(raw, 0)} gas</span>),
  gwei: (wei: string | undefined) => (wei === undefined ? undefined : <Amount raw={wei} decimals={9} symbol="gwei" copyable />),
  native: (wei: string | undefined, chain: ChainInfo | undefined, symbol?: string) =>
    wei === undefined ? undefined : <Amount raw={wei} decimals={chain?.nativeCurrency.decimals ?? 18} symbol={symbol ?? chain?.nativeCurrency.symbol ?? 'native'} copyable />,
}

/** The gas estimate the quote answer carries, and the origin chain's gas as the fees state it. */
function GasSection({ intent, gasFeeOptions }: { intent: Intent; gasFeeOptions?: GasFeeOptions }) {
  const chain = useChainsById().get(intent.originChainId ?? -1)
  const estimate = (gasFeeOptions ?? intent.gasFeeOptions)?.gasEstimate
  const origin = intent.fees?.originGas
  const rows: Array<readonly [string, ReactNode | undefined]> = [
    ['Gas limit', gasUnits.count(estimate?.totalGas ?? origin?.totalGasLimit)],
    ['Gas price', gasUnits.gwei(estimate?.gasPrice ?? origin?.gasPrice)],
    [
      'Gas cost',
      estimate?.nativeCost !== undefined
        ? withUsd(gasUnits.native(estimate.nativeCost, chain, origin?.nativeTokenSymbol), estimate.nativeCostUsd)
        : origin?.totalFeeAmount !== undefined
          ? withUsd(gasUnits.native(origin.totalFeeAmount, chain, origin.nativeTokenSymbol), origin.totalFeeUsd)
          : undefined,
    ],
  ]
  if (rows.every(([, v]) => v === undefined)) return null
  return <Section title="Gas" label="Gas" rows={rows} />
}

/** The gas fee options: each token gas can be paid in, with its symbol. */
function FeeOptions({ intent, gasFeeOptions }: { intent: Intent; gasFeeOptions?: GasFeeOptions }) {
  const feeOptions = gasFeeOptions?.feeOptions ?? intent.gasFeeOptions?.feeOptions ?? []
  return (
    <ul className="commit-fee-options">
      {feeOptions.map((o, i) => (
        <li key={`${o.tokenAddress}-${i}`}>
          {withUsd(<CatalogAmount chainId={intent.originChainId} token={o.tokenAddress} raw={o.amount} decimals={o.tokenDecimals} symbol={o.tokenSymbol} />, o.amountUsd)}
        </li>
      ))}
    </ul>
  )
}

/** What the intent costs: the fee totals in the fee token and in dollars, and how gas can be paid. */
function FeesSection({ intent, gasFeeOptions }: { intent: Intent; gasFeeOptions?: GasFeeOptions }) {
  const fees = intent.fees
  const { from } = intentRoute(intent)
  const feeDecimals = fees?.feeTokenAddress?.toLowerCase() === intent.originTokenAddress?.toLowerCase() ? from.decimals : undefined
  const hasOptions = Boolean((gasFeeOptions?.feeOptions ?? intent.gasFeeOptions?.feeOptions ?? []).length)
  return (
    <Section
      title="Fees"
      rows={[
        ['Total', withUsd(<CatalogAmount chainId={intent.originChainId} token={fees?.feeTokenAddress} raw={fees?.totalFeeAmount} decimals={feeDecimals} />, fees?.totalFeeUsd)],
        ['Gas (USD)', formatUsd(fees?.gasFeeUsd)],
        ['Provider (USD)', formatUsd(fees?.providerFeeUsd)],
        ['Service (USD)', formatUsd(fees?.serviceFeeUsd)],
        ['Collector (USD)', formatUsd(fees?.collectorFeeUsd)],
        ['Gas can be paid in', hasOptions ? <FeeOptions intent={intent} gasFeeOptions={gasFeeOptions} /> : undefined],
        [
          'Gas price good until',
          hasOptions ? <Expiry expiresAt={gasFeeOptions?.expiresAt ?? intent.gasFeeOptions?.expiresAt} label="gas" /> : undefined,
        ],
      ]}
    />
  )
}

/**
 * The intent about to be committed, read the way a person checks it: route, price, fees,
 * gas, deadline. `status` is the service's latest word (after a commit), else the intent's own.
 */
export function IntentPreview({ intent, gasFeeOptions, status }: { intent: Intent; gasFeeOptions?: GasFeeOptions; status?: ReportedStatus }) {
  const { from, to } = intentRoute(intent)
  const find = useTokenCatalog().find
  return (
    <div className="card commit-preview" role="region" aria-label="Intent details">
      <h2>
        <Route from={labelledLeg(from, find)} to={labelledLeg(to, find)} />
      </h2>
      <div className="commit-preview-grid">
        <IntentSection intent={intent} status={status ?? intent.status} />
        <QuoteSection intent={intent} />
        <FeesSection intent={intent} gasFeeOptions={gasFeeOptions} />
        <GasSection intent={intent} gasFeeOptions={gasFeeOptions} />
      </div>
    </div>
  )
}
