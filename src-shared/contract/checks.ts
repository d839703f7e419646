import type { CheckOutcome, ConnectionCheck } from './app'

/** How a connection check ended (older records carry only `ok`). */
export const checkOutcome = (c: ConnectionCheck): CheckOutcome => c.outcome ?? (c.ok ? 'passed' : 'failed')

/** The word each outcome is listed with, in the doctor and in Settings alike. */
export const CHECK_LABEL: Record<CheckOutcome, string> = { passed: 'OK', failed: 'FAIL', rateLimited: 'RATE-LIMITED', warning: 'WARN', absent: 'ABSENT' }

/** `N passed, N failed`, then `, N rate-limited …` and `, N with warnings` when there are any. */
export function checksSummaryLine(checks: readonly ConnectionCheck[]): string {
  const n = (o: CheckOutcome) => checks.filter((c) => checkOutcome(c) === o).length
  const passed = n('passed') + n('absent') + n('warning')
  const extra = [n('rateLimited') ? `, ${n('rateLimited')} rate-limited (not failures; try again later)` : '', n('warning') ? `, ${n('warning')} with warnings` : ''].join('')
  return `${passed} passed, ${n('failed')} failed${extra}`
}

/** Nothing failed: rate-limited checks are inconclusive, warnings and absent optional operations are not failures. */
export const noCheckFailed = (checks: readonly ConnectionCheck[]): boolean => !checks.some((c) => checkOutcome(c) === 'failed')
