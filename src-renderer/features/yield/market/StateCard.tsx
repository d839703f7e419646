import type { ReactNode } from 'react'
import type { YieldMarket } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { Hex } from '../../../components/Hex'
import { JsonView } from '../../../components/JsonView'
import { formatPercent, formatUsd } from '../../../lib/format'
import { BreakdownChart } from '../charts/BreakdownChart'
import { rewardRateLabel, tokenLabel, untypedText } from '../markets/marketText'
import { allocationLabel, allocationSlices } from './allocations'
import { FieldsCard } from './Fields'

const num = (v: number | undefined) => (v === undefined ? undefined : String(v))

/** An untyped value: text inline, structures as a JSON tree. */
function Untyped({ value }: { value: unknown }) {
  if (value !== null && typeof value === 'object') return <JsonView value={value} label="Value" />
  return <>{untypedText(value)}</>
}

/** The market's live state: share price, pool, capacity, liquidity and allocations. */
export function StateCard({ market }: { market: YieldMarket }) {
  const s = market.state
  const pps = s?.pricePerShareState
  const cl = s?.concentratedLiquidityPoolState
  const cap = s?.capacityState
  const allocations = s?.allocations ?? []
  const chart = allocationSlices(allocations)
  return (
    <>
      <FieldsCard
        title="State"
        fields={[
          ['Price per share', num(pps?.price)],
          ['Share token', pps?.shareToken ? tokenLabel(pps.shareToken) : undefined],
          ['Quote token', pps?.quoteToken ? tokenLabel(pps.quoteToken) : undefined],
          ['Capacity: current', cap?.current !== undefined ? <Amount raw={cap.current} copyable /> : undefined],
          ['Capacity: max', cap?.max !== undefined ? <Amount raw={cap.max} copyable /> : undefined],
          ['Capacity: remaining', cap?.remaining !== undefined ? <Amount raw={cap.remaining} copyable /> : undefined],
          ['Liquidity', s?.liquidityState?.liquidity !== undefined ? <Untyped value={s.liquidityState.liquidity} /> : undefined],
          ['Utilization', s?.liquidityState?.utilization !== undefined ? <Untyped value={s.liquidityState.utilization} /> : undefined],
        ]}
      />
      <FieldsCard
        title="Concentrated liquidity pool"
        fields={[
          ['Base APR', cl?.baseApr !== undefined ? formatPercent(cl.baseApr) : undefined],
          ['Price', num(cl?.price)],
          ['Tick spacing', num(cl?.tickSpacing)],
          ['Min tick', num(cl?.minTick)],
          ['Max tick', num(cl?.maxTick)],
          ['Fee tier', num(cl?.feeTier)],
          ['Base token', cl?.baseToken ? tokenLabel(cl.baseToken) : undefined],
          ['Quote token', cl?.quoteToken ? tokenLabel(cl.quoteToken) : undefined],
          ['Volume 24h', cl?.volume24hUsd !== undefined ? formatUsd(cl.volume24hUsd) : undefined],
          ['Fees 24h', cl?.fee24hUsd !== undefined ? formatUsd(cl.fee24hUsd) : undefined],
          ['TVL', cl?.tvlUsd !== undefined ? formatUsd(cl.tvlUsd) : undefined],
        ]}
      />
      <section className="card" aria-label="Allocations">
        <h2>Allocations</h2>
        {allocations.length ? (
          <>
            {chart ? (
              <BreakdownChart
                title={chart.unit === 'usd' ? 'Allocation (USD)' : 'Allocation (weight)'}
                slices={chart.slices}
                format={chart.unit === 'usd' ? formatUsd : (v) => formatPercent(v, 1)}
              />
            ) : null}
            {/* Paired figures share a cell (USD over base units, weight over target) so all fourteen fields fit without sideways scrolling. */}
            <div className="yield-scroll">
              <table className="data yield-allocations" aria-label="Allocation list">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Address</th>
                    <th scope="col">Yield</th>
                    <th scope="col" className="num">Allocation (USD, base units)</th>
                    <th scope="col" className="num">Weight (target)</th>
                    <th scope="col">Reward rate</th>
                    <th scope="col" className="num">TVL (USD, base units)</th>
                    <th scope="col" className="num">Max capacity (remaining)</th>
                  </tr>
                </thead>
                <tbody>
                  {allocations.map((a, i) => (
                    <tr key={`${a.address ?? ''}-${i}`}>
                      <td className="wrap">
                        {allocationLabel(a, i)}
                        <Sub>{[a.network, a.providerId].filter(Boolean).join(' · ') || '—'}</Sub>
                      </td>
                      <td>
                        <Hex value={a.address} kind="address" chainId={market.chainId} />
                      </td>
                      <td className="mono wrap yield-id-cell">{a.yieldId ?? '—'}</td>
                      <td className="num">
                        {formatUsd(a.allocationUsd)}
                        <Sub>
                          <Amount raw={a.allocation} />
                        </Sub>
                      </td>
                      <td className="num">
                        {formatPercent(a.weight)}
                        <Sub>target {formatPercent(a.targetWeight)}</Sub>
                      </td>
                      <td className="wrap">{rewardRateLabel(a.rewardRate)}</td>
                      <td className="num">
                        {formatUsd(a.tvlUsd)}
                        <Sub>
                          <Amount raw={a.tvl} />
                        </Sub>
                      </td>
                      <td className="num">
                        <Amount raw={a.maxCapacity} />
                        <Sub>
                          <Amount raw={a.remainingCapacity} /> left
                        </Sub>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="muted">This market reports no allocations.</p>
        )}
      </section>
    </>
  )
}

/** The second figure of a paired cell, on its own line. */
function Sub({ children }: { children: ReactNode }) {
  return <span className="cell-sub">{children}</span>
}
