import type { CsvColumn } from '@contract/csv'
import { amountText, tokenUnits } from '../../lib/format'
import { pricingText } from '../../lib/priceSource'
import type { CaseRecord } from '../../stores/attentionCases'
import type { HeldToken } from '../../lib/heldTokens'
import type { AttentionItem } from './queue'

export const REASON_LABEL: Record<AttentionItem['reason'], string> = {
  slow: 'Executing longer than the route usually takes',
  'window-closing': 'Committed, execution window closing',
  recoverable: 'Failed with recoverable funds',
  'baseline-incomplete': 'Executing, baseline incomplete (no verdict)',
}

/** "1.5 USDC" exactly, or base units when the decimals are unknown. */
export const heldText = (t: HeldToken) =>
  amountText({ raw: t.balance, decimals: t.decimals, symbol: t.symbol, tokenAddress: t.tokenAddress })

const seconds = (ms: number | undefined) => (ms === undefined ? undefined : Math.round(ms / 1000))

/** The queue as CSV: one row per intent, amounts exact, times in seconds, with the local case state and note. */
export function attentionCsvColumns(
  caseOf: (intentId: string) => CaseRecord | undefined,
  notesOf: (intentId: string) => readonly { text: string }[] = () => [],
  now = Date.now(),
): CsvColumn<AttentionItem>[] {
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
    // Token units (exact, ungrouped, with the symbol) beside the base units, one entry per token.
    { header: 'recoverable', value: (i) => i.held.map((t) => `${tokenUnits(t.balance, t.decimals) ?? '?'} ${t.symbol ?? t.tokenAddress ?? ''}`.trim()).join('; ') },
    { header: 'recoverableBaseUnits', value: (i) => i.held.map((t) => `${t.balance} ${t.tokenAddress ?? t.symbol ?? ''}`.trim()).join('; ') },
    // At the profile's one price source, as the queue shows it, with how it was priced and what is unpriced.
    { header: 'recoverableUsd', value: (i) => (i.heldValue?.priced ? i.heldValue.usd.toFixed(2) : undefined) },
    { header: 'recoverableUsdPricing', value: (i) => pricingText(i.heldValue, now) },
    { header: 'failureReason', value: (i) => i.candidate.failureReason },
    { header: 'caseState', value: (i) => caseOf(i.candidate.intentId)?.state ?? 'open' },
    // Every note on the intent (the same ones the intent page shows), oldest first, each on its own lines.
    { header: 'note', value: (i) => [caseOf(i.candidate.intentId)?.note, ...notesOf(i.candidate.intentId).map((n) => n.text)].filter(Boolean).join('\n---\n') || undefined },
  ]
}
