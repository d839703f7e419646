import type { ReactNode } from 'react'
import type { FeeOption, GasFee, GasFeeOptions, Intent } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { DataTable, type Column } from '../../../components/DataTable'
import { Hex } from '../../../components/Hex'
import { formatAmount, formatUsd, yesNo } from '../../../lib/format'
import { Card, chain, hex, KV, nativeAmount, time, token, tokenAmount, type KVRow, usd } from './parts'

/**
 * "12.5 USDC · $12.50 as quoted": an amount with the dollar value the quote stated for it.
 * Fees are the quote's own figures, priced when it was made, so they say so rather than
 * pass for the profile's current price (lib/priceSource.ts).
 */
const withUsd = (amount: ReactNode | undefined, value: number | string | undefined) =>
  amount === undefined && value === undefined ? undefined : (
    <span>
      {amount ?? null}
      {value !== undefined ? <span className="muted"> · {formatUsd(value)} as quoted</span> : null}
    </span>
  )

const integer = (raw: string | undefined) => (raw === undefined ? undefined : <span title={raw}>{formatAmount(raw, 0)}</span>)
const gwei = (raw: string | undefined) => (raw === undefined ? undefined : <Amount raw={raw} decimals={9} symbol="gwei" copyable />)

function gasRows(g: GasFee): KVRow[] {
  return [
    ['Chain', chain(g.chainId)],
    ['Gas limit', integer(g.totalGasLimit)],
    ['Gas price', gwei(g.gasPrice)],
    ['Fee', withUsd(nativeAmount(g.totalFeeAmount, g.chainId, g.nativeTokenSymbol), g.totalFeeUsd)],
    ['Native token price, as quoted', usd(g.nativeTokenPriceUsd)],
    ['Meta-transaction', g.metaTxnFeeDetails?.metaTxnId ? <Hex value={g.metaTxnFeeDetails.metaTxnId} /> : undefined],
    ['Meta-transaction gas limit', integer(g.metaTxnFeeDetails?.estimatedGasLimit)],
    ['Meta-transaction fee', nativeAmount(g.metaTxnFeeDetails?.feeNative, g.chainId, g.nativeTokenSymbol)],
    ['Meta-transaction gas quote', g.metaTxnGasQuote],
    // Sent by the deployed service only; the row is left out otherwise.
    ['Gas usage status', g.chainGasUsageStatus],
  ]
}

type FeeInToken = (raw: string | undefined) => ReactNode

/** The service's fee breakdown: totals, each chain's gas and the provider's cut. */
function FeeBreakdown({ f, inFeeToken, chainId }: { f: NonNullable<Intent['fees']>; inFeeToken: FeeInToken; chainId: number | undefined }) {
  return (
    <>
      <KV
        label="Fee totals"
        rows={[
          ['Fee token', token(f.feeTokenAddress, chainId)],
          ['Fee token amount', withUsd(inFeeToken(f.feeTokenAmount), f.feeTokenUsd)],
          ['Fee token total', inFeeToken(f.feeTokenTotal)],
          ['Gas fees', withUsd(inFeeToken(f.gasFeeTotal), f.gasFeeUsd)],
          ['Provider fees', withUsd(inFeeToken(f.providerFeeTotal), f.providerFeeUsd)],
          ['Service fees', withUsd(inFeeToken(f.serviceFeeTotal), f.serviceFeeUsd)],
          ['Collector fees', withUsd(inFeeToken(f.collectorFeeTotal), f.collectorFeeUsd)],
          ['Total fees', withUsd(inFeeToken(f.totalFeeAmount), f.totalFeeUsd)],
        ]}
      />
      <div className="intent-columns">
        {f.originGas ? <KV title="Origin gas" rows={gasRows(f.originGas)} /> : null}
        {f.destinationGas ? <KV title="Destination gas" rows={gasRows(f.destinationGas)} /> : null}
        {f.provider ? (
          <KV
            title="Provider"
            label="Provider fee"
            rows={[
              ['Quote provider', f.provider.quoteProvider],
              ['Provider fee', withUsd(inFeeToken(f.provider.quoteProviderFee), f.provider.quoteProviderFeeUsd)],
              ['Service fee', withUsd(inFeeToken(f.provider.serviceFee), f.provider.serviceFeeUsd)],
              ['Provider with service fee', withUsd(inFeeToken(f.provider.quoteProviderWithServiceFee), f.provider.providerWithServiceFeeUsd)],
              ['Total', withUsd(inFeeToken(f.provider.totalFeeAmount), f.provider.totalFeeUsd)],
            ]}
          />
        ) : null}
      </div>
    </>
  )
}

function FeeOptionsTable({ options, chainId }: { options: FeeOption[]; chainId: number | undefined }) {
  const columns: Column<FeeOption>[] = [
    { id: 'token', header: 'Token', cell: (opt) => <>{opt.tokenSymbol ?? '—'} <Hex value={opt.tokenAddress} kind="address" chainId={chainId} /></> },
    { id: 'amount', header: 'Amount', align: 'right', cell: (opt) => (opt.amount === undefined ? '—' : <Amount raw={opt.amount} decimals={opt.tokenDecimals} symbol={opt.tokenSymbol} copyable />) },
    { id: 'usd', header: 'USD', align: 'right', cell: (opt) => formatUsd(opt.amountUsd) },
    { id: 'collector', header: 'Collector', cell: (opt) => <Hex value={opt.feeCollectorAddress} kind="address" chainId={chainId} /> },
    { id: 'permit', header: 'Permit (EIP-2612)', cell: (opt) => yesNo(opt.is2612) },
    { id: 'passthrough', header: 'Passthrough eligible', cell: (opt) => yesNo(opt.isPassthroughEligible) },
  ]
  return <DataTable label="Fee options" className="intent-table" columns={columns} rows={options} rowKey={(opt, i) => `${opt.tokenAddress}-${i}`} />
}

function GasFeeOptionsPart({ opts, chainId }: { opts: GasFeeOptions; chainId: number | undefined }) {
  return (
    <>
      <KV
        title="Gas fee options"
        label="Gas estimate"
        rows={[
          ['Total gas', integer(opts.gasEstimate?.totalGas)],
          ['Gas price', gwei(opts.gasEstimate?.gasPrice)],
          ['Native cost', withUsd(nativeAmount(opts.gasEstimate?.nativeCost, chainId), opts.gasEstimate?.nativeCostUsd)],
          ['Fee collector', hex(opts.feeCollectorAddress, 'address', chainId)],
          ['Options expire', time(opts.expiresAt)],
        ]}
      />
      {opts.feeOptions?.length ? <FeeOptionsTable options={opts.feeOptions} chainId={chainId} /> : null}
    </>
  )
}

/** What the intent costs: per-chain gas, the provider's and the service's cut, and the totals. */
export function FeesCard({ intent }: { intent: Intent }) {
  const f = intent.fees
  const o = intent.originChainId
  const feeToken = f?.feeTokenAddress ?? intent.originTokenAddress
  const inFeeToken = (raw: string | undefined) => tokenAmount(raw, o, feeToken)
  return (
    <Card id="fees" title="Fees">
      {f ? <FeeBreakdown f={f} inFeeToken={inFeeToken} chainId={o} /> : <p className="muted">The service sent no fee breakdown for this intent.</p>}
      {intent.gasFeeOptions ? <GasFeeOptionsPart opts={intent.gasFeeOptions} chainId={o} /> : null}
    </Card>
  )
}
