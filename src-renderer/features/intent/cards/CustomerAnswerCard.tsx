import { CopyButton } from '../../../components/CopyButton'
import type { CustomerAnswer } from '../customerAnswer'

/**
 * The answer to paste to the customer, one paragraph, above everything else: support
 * staff most often open an intent to tell someone where their money is.
 */
export function CustomerAnswerCard({ answer, note }: { answer: CustomerAnswer; note?: string }) {
  return (
    <section className="card intent-card intent-answer" id="intent-answer" aria-labelledby="intent-answer-title" data-outcome={answer.outcome}>
      <div className="intent-card-head">
        <h2 id="intent-answer-title">Answer for the customer</h2>
        <CopyButton text={answer.text} label="Copy answer" />
      </div>
      <p className="intent-answer-text">
        {answer.text}
      </p>
      {note ? <p className="muted small">{note}</p> : null}
    </section>
  )
}
