import { useMemo } from 'react'
import type { SvcError } from '@contract/errors'
import { useNow } from '../lib/useNow'

const TITLES: Record<SvcError['kind'], string> = {
  Unauthorized: 'Access refused',
  NotFound: 'Not found',
  InvalidArgument: 'Invalid request',
  Conflict: 'Refused by the service',
  RateLimited: 'Rate limited',
  Unavailable: 'Service unavailable',
  Timeout: 'The service took too long',
  Network: 'Cannot reach the service',
  BadResponse: 'Unexpected answer from the service',
  Aborted: 'Cancelled',
  Internal: 'App error',
}

/** What failed, in a few words: "Service unavailable · GetChains". */
export const failureTitle = (error: SvcError): string => `${TITLES[error.kind]}${error.operation ? ` · ${error.operation}` : ''}`

/**
 * Whole seconds left of the wait a rate-limited answer asked for, counted from when the
 * notice first showed that error; 0 when there is none. Main already retried within its
 * policy, so the page waits it out rather than asking again.
 */
function useWaitLeft(error: SvcError): number {
  const until = useMemo(() => (error.kind === 'RateLimited' && error.retryAfterMs ? Date.now() + error.retryAfterMs : 0), [error])
  const now = useNow(1000, until > 0)
  return until > now ? Math.ceil((until - now) / 1000) : 0
}

/** A failure a person can act on: what failed, why, and a way to try again (once any wait the service asked for has passed). */
export function ErrorNotice({ error, onRetry }: { error: SvcError; onRetry?: () => void }) {
  const waitLeft = useWaitLeft(error)
  return (
    <div className="notice notice-error" role="alert" data-error-kind={error.kind}>
      <strong>{TITLES[error.kind]}</strong>
      {error.operation ? <span className="muted"> · {error.operation}</span> : null}
      <p>{error.message}</p>
      {error.path ? <p className="muted">Field: <code>{error.path}</code></p> : null}
      {waitLeft > 0 ? (
        <p className="muted" role="status" aria-label="Wait asked for">
          The service asked to wait: you can try again in {waitLeft} s.
        </p>
      ) : null}
      {onRetry ? (
        <button type="button" onClick={onRetry} disabled={waitLeft > 0}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
