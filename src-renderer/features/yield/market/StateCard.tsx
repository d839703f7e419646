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
            <div className="yield-scroll">
              <table className="data" aria-label="Allocation list">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Address</th>
                    <th scope="col">Network</th>
                    <th scope="col">Yield</th>
                    <th scope="col">Provider</th>
                    <th scope="col" className="num">Allocation</th>
                    <th scope="col" className="num">USD</th>
                    <th scope="col" className="num">Weight</th>
                    <th scope="col" className="num">Target</th>
                    <th scope="col">Reward rate</th>
                    <th scope="col" className="num">TVL</th>
                    <th scope="col" className="num">TVL USD</th>
                    <th scope="col" className="num">Max capacity</th>
                    <th scope="col" className="num">Remaining</th>
                  </tr>
                </thead>
                <tbody>
                  {allocations.map((a, i) => (
                    <tr key={`${a.address ?? ''}-${i}`}>
                      <td>{allocationLabel(a, i)}</td>
                      <td>
                        <Hex value={a.address} kind="address" chainId={market.chainId} />
                      </td>
                      <td>{a.network ?? '—'}</td>
                      <td className="mono">{a.yieldId ?? '—'}</td>
                      <td>{a.providerId ?? '—'}</td>
                      <td className="num">
                        <Amount raw={a.allocation} />
                      </td>
                      <td className="num">{formatUsd(a.allocationUsd)}</td>
                      <td className="num">{formatPercent(a.weight)}</td>
                      <td className="num">{formatPercent(a.targetWeight)}</td>
                      <td>{rewardRateLabel(a.rewardRate)}</td>
                      <td className="num">
                        <Amount raw={a.tvl} />
                      </td>
                      <td className="num">{formatUsd(a.tvlUsd)}</td>
                      <td className="num">
                        <Amount raw={a.maxCapacity} />
                      </td>
                      <td className="num">
                        <Amount raw={a.remainingCapacity} />
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
