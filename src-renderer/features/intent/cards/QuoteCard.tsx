import type { Intent, PriceImpactDetails } from '@contract/service'
import { DataTable, type Column } from '../../../components/DataTable'
import { Hex } from '../../../components/Hex'
import { formatDuration, formatPercent, formatUsd, yesNo } from '../../../lib/format'
import { providerCodes } from '@contract/historyEntry'
import { bookValue, Card, chain, hex, KV, nativeAmount, percent, token, tokenAmount, usd } from './parts'

type ImpactKey = 'executionPriceImpact' | 'marketPriceImpact' | 'providerFeesPriceImpact' | 'serviceFeesPriceImpact' | 'netPriceImpact'
type Impact = [key: ImpactKey, label: string]

const IMPACTS: Impact[] = [
  ['executionPriceImpact', 'Execution'],
  ['marketPriceImpact', 'Market'],
  ['providerFeesPriceImpact', 'Provider fees'],
  ['serviceFeesPriceImpact', 'Service fees'],
  ['netPriceImpact', 'Net'],
]

function ImpactTable({ details }: { details: PriceImpactDetails }) {
  const rows = IMPACTS.filter(([k]) => details[k])
  if (!rows.length) return null
  const columns: Column<Impact>[] = [
    { id: 'impact', header: 'Price impact', cell: ([, label]) => label },
    { id: 'share', header: 'Share', align: 'right', cell: ([k]) => formatPercent(details[k]?.priceImpact, 3) },
    { id: 'usd', header: 'USD', align: 'right', cell: ([k]) => formatUsd(details[k]?.priceImpactUsd) },
  ]
  return <DataTable label="Price impact details" className="intent-table" columns={columns} rows={rows} rowKey={([k]) => k} />
}

type Provider = { name: string; requestId?: string; feeUsd?: number }

const PROVIDER_COLUMNS: Column<Provider>[] = [
  { id: 'provider', header: 'Provider', cell: (p) => p.name },
  { id: 'request', header: 'Request id', cell: (p) => (p.requestId ? <Hex value={p.requestId} /> : '—') },
  { id: 'fee', header: 'Provider fee', align: 'right', cell: (p) => formatUsd(p.feeUsd) },
]

function ProvidersTable({ intent }: { intent: Intent }) {
  const q = intent.quote
  const providers = providerCodes(intent.quote?.routeProviders).map((name, i): Provider => ({ name, requestId: q?.routeProvidersRequestIds?.[i], feeUsd: q?.routeProvidersFeeUsd?.[i] }))
  if (!providers.length) return null
  return <DataTable label="Route providers" className="intent-table" columns={PROVIDER_COLUMNS} rows={providers} rowKey={(p, i) => `${p.name}-${i}`} />
}

/** The quote the user accepted, and the request it answered. */
export function QuoteCard({ intent }: { intent: Intent }) {
  const q = intent.quote
  const r = intent.quoteRequest
  const o = intent.originChainId
  const d = intent.destinationChainId
  const from = (raw: string | undefined) => tokenAmount(raw, o, intent.originTokenAddress)
  const to = (raw: string | undefined) => tokenAmount(raw, d, intent.destinationTokenAddress)
  return (
    <Card id="quote" title="Quote">
      {q ? (
        <div className="intent-columns">
          <KV
            label="Quote"
            rows={[
              ['From amount', from(q.fromAmount)],
              ['From amount, minimum', from(q.fromAmountMin)],
              // The quote's own figures, as quoted; beside them the amount at the profile's price, as every view values it.
              ['From value, as quoted', usd(q.fromAmountUsd)],
              ['From value, minimum, as quoted', usd(q.fromAmountMinUsd)],
              ['From amount at the profile’s price', bookValue(q.fromAmount, o, intent.originTokenAddress)],
              ['To amount', to(q.toAmount)],
              ['To amount, minimum', to(q.toAmountMin)],
              ['To value, as quoted', usd(q.toAmountUsd)],
              ['To value, minimum, as quoted', usd(q.toAmountMinUsd)],
              ['To amount at the profile’s price', bookValue(q.toAmount, d, intent.destinationTokenAddress)],
              ['Max slippage', percent(q.maxSlippage)],
              ['Price impact', percent(q.priceImpact)],
              ['Price impact value', usd(q.priceImpactUsd)],
              ['Estimated duration', q.estimatedDuration === undefined ? undefined : `${formatDuration(q.estimatedDuration * 1000)} (${q.estimatedDuration} s)`],
            ]}
          />
          <div>
            <ProvidersTable intent={intent} />
            {q.priceImpactDetails ? <ImpactTable details={q.priceImpactDetails} /> : null}
          </div>
        </div>
      ) : (
        <p className="muted">The service sent no quote for this intent.</p>
      )}
      {r ? (
        <KV
          title="Quote request"
          rows={[
            ['Owner', hex(r.ownerAddress, 'address', r.originChainId)],
            ['Origin chain', chain(r.originChainId)],
            ['Origin token', token(r.originTokenAddress, r.originChainId)],
            ['Origin amount', tokenAmount(r.originTokenAmount, r.originChainId, r.originTokenAddress)],
            ['Destination chain', chain(r.destinationChainId)],
            ['Destination token', token(r.destinationTokenAddress, r.destinationChainId)],
            [
              'Destination amount',
              r.destinationTokenAmount === '0' ? 'Any (whatever the origin amount buys)' : tokenAmount(r.destinationTokenAmount, r.destinationChainId, r.destinationTokenAddress),
            ],
            ['Recipient', hex(r.destinationToAddress, 'address', r.destinationChainId)],
            ['Approve address', hex(r.destinationApproveAddress, 'address', r.destinationChainId)],
            ['Call data', r.destinationCallData && r.destinationCallData !== '0x' ? hex(r.destinationCallData) : r.destinationCallData ? 'None (0x)' : undefined],
            ['Call value', nativeAmount(r.destinationCallValue, r.destinationChainId)],
            ['Only native gas fee', yesNo(r.onlyNativeGasFee, '')],
            ['Swap provider fallback', yesNo(r.options?.swapProviderFallback, '')],
            ['Bridge provider fallback', yesNo(r.options?.bridgeProviderFallback, '')],
            ['Slippage tolerance', percent(r.options?.slippageTolerance)],
          ]}
        />
      ) : null}
    </Card>
  )
}
