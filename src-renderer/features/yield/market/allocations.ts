import type { YieldMarket } from '@contract/service'
import type { Slice } from '../charts/BreakdownChart'

type Allocation = NonNullable<NonNullable<YieldMarket['state']>['allocations']>[number]

/** What an allocation is called: its name, else its yield id or address. */
export const allocationLabel = (a: Allocation, i: number) => a.name || a.yieldId || a.address || `Allocation ${i + 1}`

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
