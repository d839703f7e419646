import type { ReactNode } from 'react'
import type { YieldMarket } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { DataTable, type Column } from '../../../components/DataTable'
import { Hex } from '../../../components/Hex'
import { JsonView } from '../../../components/JsonView'
import { formatDecimalShort, formatPercent, formatUsd } from '../../../lib/format'
import { BreakdownChart, type Slice } from '../charts/BreakdownChart'
import { rewardRateLabel, tokenLabel, untypedText } from '../markets/marketText'
import type { Field } from '../../../components/FieldList'
import { Card } from './Fields'

/** An untyped value: text inline, structures as a JSON tree. */
function Untyped({ value }: { value: unknown }) {
  if (value !== null && typeof value === 'object') return <JsonView value={value} label="Value" />
  return <>{untypedText(value)}</>
}

const DECIMAL = /^-?\d+(\.\d+)?$/

/** A plain decimal (number or string) as text, else undefined: untyped values may be anything. */
function decimalOf(v: unknown): string | undefined {
  const text = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim() : undefined
  return text !== undefined && DECIMAL.test(text) ? text : undefined
}

/** Liquidity in the market token's units: "2,817,282.55776 USDC"; anything else as sent. */
function liquidityText(value: unknown, symbol: string | undefined): ReactNode {
  const d = decimalOf(value)
  if (d === undefined) return <Untyped value={value} />
  return `${formatDecimalShort(d.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''))}${symbol ? ` ${symbol}` : ''}`
}

/** Utilization as a percentage: "90.4%" for 0.904. A value above 1 cannot be a fraction and is shown as sent. */
function utilizationText(value: unknown): ReactNode {
  const d = decimalOf(value)
  const n = d === undefined ? NaN : Number(d)
  return Number.isFinite(n) && n >= 0 && n <= 1 ? formatPercent(n, 1) : <Untyped value={value} />
}

/** Fields of a state part, when the market reports that part. */
const part = (reported: unknown, fields: Field[]): Field[] => (reported ? fields : [])

/** The fields of the state parts the market reports; parts it does not report are left out. */
function stateFields(market: YieldMarket): Field[] {
  const { pricePerShareState: pps, capacityState: cap, liquidityState: liq } = market.state ?? {}
  return [
    ...part(pps, [
      ['Price per share', pps?.price],
      ['Share token', pps?.shareToken ? tokenLabel(pps.shareToken) : undefined],
      ['Quote token', pps?.quoteToken ? tokenLabel(pps.quoteToken) : undefined],
    ]),
    // Amount writes an absent figure as FieldList does ("—").
    ...part(cap, [
      ['Capacity: current', <Amount key="c" raw={cap?.current} copyable />],
      ['Capacity: max', <Amount key="m" raw={cap?.max} copyable />],
      ['Capacity: remaining', <Amount key="r" raw={cap?.remaining} copyable />],
    ]),
    ...part(liq, [
      ['Liquidity', liq?.liquidity !== undefined ? liquidityText(liq.liquidity, market.token?.symbol) : undefined],
      ['Utilization', liq?.utilization !== undefined ? utilizationText(liq.utilization) : undefined],
    ]),
  ]
}

/**
 * The market's live state: share price, pool, capacity, liquidity and allocations. Only
 * the parts the market reports are shown (a lending market has no pool or allocations);
 * within a part, "—" marks a field the service left out.
 */
export function StateCard({ market }: { market: YieldMarket }) {
  const cl = market.state?.concentratedLiquidityPoolState
  const allocations = market.state?.allocations ?? []
  const fields = stateFields(market)
  return (
    <>
      <Card title="State" fields={fields.length ? fields : undefined}>
        {fields.length ? null : <p className="muted">This market reports no live state.</p>}
      </Card>
      {cl ? (
        <Card
          title="Concentrated liquidity pool"
          fields={[
            ['Base APR', cl.baseApr !== undefined ? formatPercent(cl.baseApr) : undefined],
            ['Price', cl.price],
            ['Tick spacing', cl.tickSpacing],
            ['Min tick', cl.minTick],
            ['Max tick', cl.maxTick],
            ['Fee tier', cl.feeTier],
            ['Base token', cl.baseToken ? tokenLabel(cl.baseToken) : undefined],
            ['Quote token', cl.quoteToken ? tokenLabel(cl.quoteToken) : undefined],
            ['Volume 24h', cl.volume24hUsd !== undefined ? formatUsd(cl.volume24hUsd) : undefined],
            ['Fees 24h', cl.fee24hUsd !== undefined ? formatUsd(cl.fee24hUsd) : undefined],
            ['TVL', cl.tvlUsd !== undefined ? formatUsd(cl.tvlUsd) : undefined],
          ]}
        />
      ) : null}
      {allocations.length ? <AllocationsSection market={market} /> : null}
    </>
  )
}

type Allocation = NonNullable<NonNullable<YieldMarket['state']>['allocations']>[number]

/** What an allocation is called: its name, else its yield id or address. */
const allocationLabel = (a: Allocation, i: number) => a.name || a.yieldId || a.address || `Allocation ${i + 1}`

/**
 * What to chart for a vault's allocations: USD when every allocation reports it, else
 * the weights (fractions of the whole); undefined when neither is complete.
 */
export function allocationSlices(allocations: readonly Allocation[]): { unit: 'usd' | 'weight'; slices: Slice[] } | undefined {
  if (!allocations.length) return undefined
  const usd = allocations.map((a) => (a.allocationUsd === undefined ? NaN : Number(a.allocationUsd)))
  if (usd.every(Number.isFinite)) return { unit: 'usd', slices: allocations.map((a, i) => ({ label: allocationLabel(a, i), value: usd[i] })) }
  if (allocations.every((a) => a.weight !== undefined))
    return { unit: 'weight', slices: allocations.map((a, i) => ({ label: allocationLabel(a, i), value: a.weight! })) }
  return undefined
}

type Row = { a: Allocation; index: number }
/** The allocation list's columns; paired figures share a cell (USD over base units, weight over target) so all fourteen fields fit without sideways scrolling. */
const allocationColumns = (chainId: YieldMarket['chainId']): Column<Row>[] => [
  { id: 'name', header: 'Name', wrap: true, cell: ({ a, index }) => (<>{allocationLabel(a, index)}<Sub>{[a.network, a.providerId].filter(Boolean).join(' · ') || '—'}</Sub></>) },
  { id: 'address', header: 'Address', cell: ({ a }) => <Hex value={a.address} kind="address" chainId={chainId} /> },
  { id: 'yield', header: 'Yield', wrap: true, cell: ({ a }) => <span className="mono yield-id-cell">{a.yieldId ?? '—'}</span> },
  { id: 'allocation', header: 'Allocation (USD, base units)', align: 'right', cell: ({ a }) => (<>{formatUsd(a.allocationUsd)}<Sub><Amount raw={a.allocation} /></Sub></>) },
  { id: 'weight', header: 'Weight (target)', align: 'right', cell: ({ a }) => (<>{formatPercent(a.weight)}<Sub>target {formatPercent(a.targetWeight)}</Sub></>) },
  { id: 'reward', header: 'Reward rate', wrap: true, cell: ({ a }) => rewardRateLabel(a.rewardRate) },
  { id: 'tvl', header: 'TVL (USD, base units)', align: 'right', cell: ({ a }) => (<>{formatUsd(a.tvlUsd)}<Sub><Amount raw={a.tvl} /></Sub></>) },
  { id: 'capacity', header: 'Max capacity (remaining)', align: 'right', cell: ({ a }) => (<><Amount raw={a.maxCapacity} /><Sub><Amount raw={a.remainingCapacity} /> left</Sub></>) },
]

/** A vault's allocations: a chart (USD, else weights) and the list. */
function AllocationsSection({ market }: { market: YieldMarket }) {
  const allocations = market.state?.allocations ?? []
  const chart = allocationSlices(allocations)
  return (
    <Card title="Allocations">
      {chart ? (
        <BreakdownChart title={chart.unit === 'usd' ? 'Allocation (USD)' : 'Allocation (weight)'} slices={chart.slices} unit={chart.unit === 'usd' ? 'usd' : 'share'} />
      ) : null}
      <div className="yield-scroll yield-allocations">
        <DataTable columns={allocationColumns(market.chainId)} rows={allocations.map((a, index) => ({ a, index }))} rowKey={(r) => `${r.a.address ?? ''}-${r.index}`} label="Allocation list" />
      </div>
    </Card>
  )
}

/** The second figure of a paired cell, on its own line. */
function Sub({ children }: { children: ReactNode }) {
  return <span className="cell-sub">{children}</span>
}
