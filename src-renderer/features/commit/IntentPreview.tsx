import type { GasFeeOptions, Intent } from '@contract/service'
import { Amount } from '../../components/Amount'
import { Hex } from '../../components/Hex'
import { Route } from '../../components/Route'
import { StatusBadge } from '../../components/StatusBadge'
import { formatAge, formatDateTime, formatDuration, formatPercent, formatUsd, parseTime, shortHex } from '../../lib/format'
import { intentProviders, intentRoute } from '../../lib/intentRoute'
import { useNow } from '../../lib/useNow'
import { useChainsById } from '../../data/reference/chains'
import { chainName } from '../../lib/chains'
import { tokenLabel, useTokenLabels } from '../../data/reference/tokens'

/** An amount of a token named by address, labelled with whatever the app has learnt about it. */
function TokenAmount({ chainId, token, raw, decimals }: { chainId?: number; token?: string; raw?: string; decimals?: number }) {
  const known = tokenLabel(useTokenLabels(), chainId, token)
  return <Amount raw={raw} decimals={decimals ?? known?.decimals} symbol={known?.symbol ?? (token ? shortHex(token) : undefined)} copyable />
}

/** When the quote stops being honoured; warns once that moment has passed. */
function Expiry({ expiresAt, label }: { expiresAt: string | undefined; label: string }) {
  const at = parseTime(expiresAt)
  const now = useNow(1000, at !== undefined)
  if (at === undefined) return <span className="muted">not given</span>
  const expired = at <= now
  return (
    <span className={expired ? 'tone-bad' : undefined} data-testid={`expiry-${label}`}>
      {formatDateTime(expiresAt)} ({expired ? `expired ${formatAge(at, now)}` : `expires ${formatAge(at, now)}`})
    </span>
  )
}

export const isExpired = (intent: Intent, now = Date.now()): boolean => {
  const at = parseTime(intent.expiresAt)
  return at !== undefined && at <= now
}

/** The intent about to be committed, read the way a person checks it: route, price, fees, deadline. */
export function IntentPreview({ intent, gasFeeOptions }: { intent: Intent; gasFeeOptions?: GasFeeOptions }) {
  const chains = useChainsById()
  const { from, to } = intentRoute(intent)
  const quote = intent.quote
  const fees = intent.fees
  const feeOptions = gasFeeOptions?.feeOptions ?? intent.gasFeeOptions?.feeOptions ?? []
  const optionsExpiry = gasFeeOptions?.expiresAt ?? intent.gasFeeOptions?.expiresAt
  const feeDecimals = fees?.feeTokenAddress?.toLowerCase() === intent.originTokenAddress?.toLowerCase() ? from.decimals : undefined

  return (
    <div className="card commit-preview" role="region" aria-label="Intent details">
      <h2>
        <Route from={from} to={to} />
      </h2>
      <div className="commit-preview-grid">
        <section>
          <h3>Intent</h3>
          <dl className="kv">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={intent.status} />
            </dd>
            <dt>Intent id</dt>
            <dd>
              <Hex value={intent.intentId} />
            </dd>
            <dt>Project</dt>
            <dd>{intent.projectId ?? <span className="muted">Not reported by this service</span>}</dd>
            <dt>Owner</dt>
            <dd>
              <Hex value={intent.ownerAddress} kind="address" chainId={intent.originChainId} />
            </dd>
            <dt>Recipient</dt>
            <dd>
              <Hex value={intent.quoteRequest?.destinationToAddress} kind="address" chainId={intent.destinationChainId} />
            </dd>
            <dt>Deposit address</dt>
            <dd>
              <Hex value={intent.originIntentAddress} kind="address" chainId={intent.originChainId} />
            </dd>
            <dt>From</dt>
            <dd>{chainName(chains, intent.originChainId)}</dd>
            <dt>To</dt>
            <dd>{chainName(chains, intent.destinationChainId)}</dd>
            <dt>Protocol</dt>
            <dd>
              {intent.serviceVersion ?? '—'}
              {intent.isTestnet ? <span className="badge tone-warn"> testnet</span> : null}
            </dd>
            <dt>Quote expires</dt>
            <dd>
              <Expiry expiresAt={intent.expiresAt} label="intent" />
            </dd>
          </dl>
        </section>
        <section>
          <h3>Quote</h3>
          <dl className="kv">
            <dt>You send</dt>
            <dd>
              <TokenAmount chainId={from.chainId} token={from.tokenAddress} raw={from.amount} decimals={from.decimals} />{' '}
              <span className="muted">{formatUsd(quote?.fromAmountUsd)}</span>
            </dd>
            <dt>You receive</dt>
            <dd>
              <TokenAmount chainId={to.chainId} token={to.tokenAddress} raw={to.amount} />{' '}
              <span className="muted">{formatUsd(quote?.toAmountUsd)}</span>
            </dd>
            <dt>At least</dt>
            <dd>
              <TokenAmount chainId={to.chainId} token={to.tokenAddress} raw={quote?.toAmountMin} />{' '}
              <span className="muted">{formatUsd(quote?.toAmountMinUsd)}</span>
            </dd>
            <dt>Max slippage</dt>
            <dd>{formatPercent(quote?.maxSlippage)}</dd>
            <dt>Price impact</dt>
            <dd>
              {formatPercent(quote?.priceImpact, 3)} <span className="muted">{formatUsd(quote?.priceImpactUsd)}</span>
            </dd>
            <dt>Estimated time</dt>
            <dd>{quote?.estimatedDuration === undefined ? '—' : formatDuration(quote.estimatedDuration * 1000)}</dd>
            <dt>Providers</dt>
            <dd>{intentProviders(intent).join(', ') || '—'}</dd>
          </dl>
        </section>
        <section>
          <h3>Fees</h3>
          <dl className="kv">
            <dt>Total</dt>
            <dd>
              <TokenAmount chainId={intent.originChainId} token={fees?.feeTokenAddress} raw={fees?.totalFeeAmount} decimals={feeDecimals} />{' '}
              <span className="muted">{formatUsd(fees?.totalFeeUsd)}</span>
            </dd>
            <dt>Gas</dt>
            <dd>{formatUsd(fees?.gasFeeUsd)}</dd>
            <dt>Provider</dt>
            <dd>{formatUsd(fees?.providerFeeUsd)}</dd>
            <dt>Service</dt>
            <dd>{formatUsd(fees?.serviceFeeUsd)}</dd>
            <dt>Collector</dt>
            <dd>{formatUsd(fees?.collectorFeeUsd)}</dd>
            {feeOptions.length ? (
              <>
                <dt>Gas can be paid in</dt>
                <dd>
                  <ul className="commit-fee-options">
                    {feeOptions.map((o, i) => (
                      <li key={`${o.tokenAddress}-${i}`}>
                        <Amount raw={o.amount} decimals={o.tokenDecimals} symbol={o.tokenSymbol ?? (o.tokenAddress ? shortHex(o.tokenAddress) : undefined)} />{' '}
                        <span className="muted">{formatUsd(o.amountUsd)}</span>
                      </li>
                    ))}
                  </ul>
                </dd>
                <dt>Gas price good until</dt>
                <dd>
                  <Expiry expiresAt={optionsExpiry} label="gas" />
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      </div>
    </div>
  )
}
