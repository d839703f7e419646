import type { IntentReceipt, IntentStatus } from '@contract/service'
import { receiptSteps } from '../intent'

const STATE_TEXT = { done: 'done', failed: 'failed', pending: 'in progress', waiting: 'waiting', skipped: 'skipped' } as const

/** The receipt timeline in one line (Refund only when there is one), by the intent page's own `receiptSteps`. */
export function StepStrip({ receipt, status }: { receipt: IntentReceipt | undefined; status: IntentStatus | undefined }) {
  if (!receipt) return <span className="muted">No receipt yet</span>
  const steps = receiptSteps(receipt, status).filter((s) => s.key !== 'refund' || s.txHash !== undefined || s.state !== 'skipped')
  const current = steps.find((s) => s.current)
  return (
    <span className="watch-steps" aria-label={current ? `At ${current.label}, ${STATE_TEXT[current.state]}` : 'Receipt steps'}>
      {steps.map((s, i) => (
        <span key={s.key}>
          {i ? <span className="watch-steps-sep" aria-hidden="true"> ▸ </span> : null}
          <span
            className={`watch-step watch-step-${s.state}${s.current ? ' watch-step-current' : ''}`}
            aria-current={s.current ? 'step' : undefined}
            title={`${s.label}: ${STATE_TEXT[s.state]}${s.statusReason ? ` (${s.statusReason})` : ''}`}
            data-state={s.state}
          >
            {s.label}
          </span>
        </span>
      ))}
    </span>
  )
}
