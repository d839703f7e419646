import type { CheckOutcome, ConnectionCheck } from '@contract/app'
import { CHECK_LABEL, checkOutcome } from '@contract/checks'

const TONE: Record<CheckOutcome, string> = { passed: 'tone-ok', failed: 'tone-bad', rateLimited: 'tone-warn', warning: 'tone-warn', absent: 'tone-neutral' }

/**
 * Every read operation a connection test ran — OK, FAIL, RATE-LIMITED (apart from the
 * failures), WARN or ABSENT (an optional operation this service lacks) — with what was
 * found or why: the same list `npm run doctor` prints, so support can compare the two.
 */
export function ConnectionChecks({ checks }: { checks: readonly ConnectionCheck[] }) {
  if (checks.length === 0) return null
  return (
    <ul className="connection-checks" aria-label="Connection checks">
      {checks.map((c) => {
        const o = checkOutcome(c)
        return (
          <li key={c.operation} data-testid={`check-${c.operation}`} data-outcome={o}>
            <span className={`badge ${TONE[o]}`}>{CHECK_LABEL[o]}</span> <code>{c.operation}</code>
            {o === 'passed' ? ' ' : ': '}
            <span className={o === 'failed' ? 'tone-bad' : 'muted'}>{c.detail}</span>
            {c.error?.name ? <span className="muted small"> ({c.error.name}{c.error.code !== undefined ? ` ${c.error.code}` : ''})</span> : null}
            {c.ms > 0 ? <span className="muted small"> · {c.ms} ms</span> : null}
          </li>
        )
      })}
    </ul>
  )
}
