import type { IntentReceipt } from '@contract/service'
import { parseTime } from './format'

/** How long the intent itself ran, by the service's clock: started to finished, when both are known. */
export function receiptDurationMs(receipt: IntentReceipt | undefined): number | undefined {
  const s = receipt?.summary
  const start = parseTime(s?.startedAt)
  const end = parseTime(s?.finishedAt)
  return start !== undefined && end !== undefined && end >= start ? end - start : undefined
}
