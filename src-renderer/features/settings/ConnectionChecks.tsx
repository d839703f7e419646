import type { ConnectionCheck } from '@contract/app'

/**
 * Every read operation a connection test ran, OK or FAIL with what was found or why it
 * failed: the same list `npm run doctor` prints, so support can compare the two.
 */
export function ConnectionChecks({ checks }: { checks: readonly ConnectionCheck[] }) {
  if (checks.length === 0) return null
  return (
    <ul className="connection-checks" aria-label="Connection checks">
      {checks.map((c) => (
        <li key={c.operation} data-testid={`check-${c.operation}`}>
          <span className={`badge ${c.ok ? 'tone-ok' : 'tone-bad'}`}>{c.ok ? 'OK' : 'FAIL'}</span> <code>{c.operation}</code>
          {c.ok ? ' ' : ': '}
          <span className={c.ok ? 'muted' : 'tone-bad'}>{c.detail}</span>
          {c.error?.name ? <span className="muted small"> ({c.error.name}{c.error.code !== undefined ? ` ${c.error.code}` : ''})</span> : null}
          {c.ms > 0 ? <span className="muted small"> · {c.ms} ms</span> : null}
        </li>
      ))}
    </ul>
  )
}

/** `N passed, N failed`, as the doctor closes its list. */
export const checksSummary = (checks: readonly ConnectionCheck[]): string => {
  const passed = checks.filter((c) => c.ok).length
  return `${passed} passed, ${checks.length - passed} failed`
}
