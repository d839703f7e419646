import type { YieldBalance, YieldError } from '@contract/service'
import type { CsvColumn } from '@contract/csv'
import { balanceType, type MarketGroup } from './positionsModel'

/** One CSV line: a balance of a market, or a lookup that failed (with `error` set). */
export interface PositionCsvRow {
  yieldId: string
  market: string
  balance?: YieldBalance
  error?: string
}

export function positionCsvRows(groups: readonly MarketGroup[], errors: readonly YieldError[]): PositionCsvRow[] {
  return [
    ...groups.flatMap((g) => g.types.flatMap((t) => t.balances.map((balance) => ({ yieldId: g.yieldId, market: g.name, balance })))),
    ...errors.map((e) => ({ yieldId: e.yieldId ?? '', market: '', error: e.error ?? 'failed' })),
  ]
}

const names = (values: ReadonlyArray<string | undefined>) => values.filter(Boolean).join('; ')

/** Amounts go out exactly as the service sent them: display amount and base units both. */
export const POSITION_CSV_COLUMNS: CsvColumn<PositionCsvRow>[] = [
  { header: 'yieldId', value: (r) => r.yieldId },
  { header: 'market', value: (r) => r.market },
  { header: 'type', value: (r) => (r.balance ? balanceType(r.balance) : undefined) },
  { header: 'address', value: (r) => r.balance?.address },
  { header: 'network', value: (r) => r.balance?.network ?? r.balance?.token?.network },
  { header: 'token', value: (r) => r.balance?.token?.symbol },
  { header: 'tokenAddress', value: (r) => r.balance?.token?.address },
  { header: 'decimals', value: (r) => r.balance?.token?.decimals },
  { header: 'amount', value: (r) => r.balance?.amount },
  { header: 'amountRaw', value: (r) => r.balance?.amountRaw },
  { header: 'amountUsd', value: (r) => r.balance?.amountUsd },
  { header: 'shareAmount', value: (r) => r.balance?.shareAmount },
  { header: 'shareToken', value: (r) => r.balance?.shareToken?.symbol },
  { header: 'isEarning', value: (r) => r.balance?.isEarning },
  { header: 'date', value: (r) => r.balance?.date },
  { header: 'pendingActions', value: (r) => names((r.balance?.pendingActions ?? []).map((a) => a.type)) },
  {
    header: 'validators',
    value: (r) => names([r.balance?.validator, ...(r.balance?.validators ?? [])].map((v) => v?.name ?? v?.address)),
  },
  { header: 'error', value: (r) => r.error },
]
