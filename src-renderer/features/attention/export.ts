import type { CsvColumn } from '@contract/csv'
import { formatUnitsExact } from '../../lib/format'
import type { CaseRecord } from '../../stores/attentionCases'
import type { AttentionItem, HeldToken } from './queue'

export const REASON_LABEL: Record<AttentionItem['reason'], string> = {
  slow: 'Executing longer than the route usually takes',
  'window-closing': 'Committed, execution window closing',
  recoverable: 'Failed with recoverable funds',
}

/** "1.5 USDC" exactly, or base units when the decimals are unknown. */
export const heldText = (t: HeldToken) =>
  t.decimals === undefined ? `${t.balance} base units of ${t.symbol ?? t.tokenAddress ?? 'a token'}` : `${formatUnitsExact(t.balance, t.decimals)} ${t.symbol ?? t.tokenAddress ?? ''}`.trim()

const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms / 1000))

/** The queue as CSV: one row per intent, amounts exact, times in seconds, with the local case state and note. */
export function attentionCsvColumns(caseOf: (intentId: string) => CaseRecord | undefined): CsvColumn<AttentionItem>[] {
  return [
    { header: 'intentId', value: (i) => i.candidate.intentId },
    { header: 'reason', value: (i) => REASON_LABEL[i.reason] },
    { header: 'status', value: (i) => i.candidate.status },
    { header: 'originChainId', value: (i) => i.candidate.originChainId },
    { header: 'destinationChainId', value: (i) => i.candidate.destinationChainId },
    { header: 'ageSeconds', value: (i) => seconds(i.ageMs) },
    { header: 'executingSeconds', value: (i) => seconds(i.sla?.elapsedMs) },
    { header: 'routeP95Seconds', value: (i) => seconds(i.sla?.p95Ms) },
    { header: 'slowerThanPercent', value: (i) => (i.sla?.slowerThan === undefined ? undefined : Math.floor(i.sla.slowerThan * 100)) },
    { header: 'windowLeftSeconds', value: (i) => seconds(i.windowLeftMs) },
    { header: 'recoverable', value: (i) => i.held.map(heldText).join('; ') },
    { header: 'recoverableUsd', value: (i) => (i.held.some((t) => t.balanceUsd !== undefined) ? i.heldUsd.toFixed(2) : undefined) },
    { header: 'failureReason', value: (i) => i.candidate.failureReason },
    { header: 'caseState', value: (i) => caseOf(i.candidate.intentId)?.state ?? 'open' },
    { header: 'note', value: (i) => caseOf(i.candidate.intentId)?.note },
  ]
}
