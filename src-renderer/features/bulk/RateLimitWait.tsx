import { useNow } from '../../lib/useNow'

/**
 * The wait a rate-limited service asked for (its Retry-After), counted down while a lookup
 * runs. The main core already tried each key as often as is polite; the page does not ask
 * again, it only holds the next keys back until the service is ready for them.
 */
export function RateLimitWait({ until }: { until: number | undefined }) {
  const now = useNow(1000, until !== undefined)
  if (until === undefined || until <= now) return null
  const seconds = Math.ceil((until - now) / 1000)
  return (
    <span className="muted small" role="status" aria-label="Rate limit wait">
      The service asked to wait: the next keys start in {seconds} s. Keys it turned away are listed as rate limited.
    </span>
  )
}
