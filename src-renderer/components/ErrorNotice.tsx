import type { SvcError } from '@contract/errors'

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

/** A failure a person can act on: what failed, why, and a way to try again. */
export function ErrorNotice({ error, onRetry }: { error: SvcError; onRetry?: () => void }) {
  return (
    <div className="notice notice-error" role="alert" data-error-kind={error.kind}>
      <strong>{TITLES[error.kind]}</strong>
      {error.operation ? <span className="muted"> · {error.operation}</span> : null}
      <p>{error.message}</p>
      {error.path ? <p className="muted">Field: <code>{error.path}</code></p> : null}
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  )
}
