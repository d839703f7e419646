import { CopyButton } from '../../../components/CopyButton'
import { formatAge, formatDateTime } from '../../../lib/format'
import { useNow } from '../../../lib/useNow'
import type { CustomerAnswer } from '../customerAnswer'
import { Card } from './parts'

/**
 * The answer to paste to the customer, one paragraph, above everything else: support
 * staff most often open an intent to tell someone where their money is.
 */
export function CustomerAnswerCard({ answer, note }: { answer: CustomerAnswer; note?: string }) {
  const now = useNow(60_000)
  const stale = answer.asOf
  const copy = <CopyButton text={answer.text} label={stale === undefined ? 'Copy answer' : 'Copy stale answer'} />
  return (
    <Card id="answer" title="Answer for the customer" className="intent-answer" data-outcome={answer.outcome} actions={copy}>
      {stale !== undefined ? (
        <p className="notice notice-warn" role="note" aria-label="Stale answer">
          Stale: this answer is from a copy fetched {formatDateTime(stale)} ({formatAge(stale, now)}); the intent may have moved on since. It says so to the customer.
        </p>
      ) : null}
      <p className="intent-answer-text">{answer.text}</p>
      {note ? <p className="muted small">{note}</p> : null}
    </Card>
  )
}
