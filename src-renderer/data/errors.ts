import { messageOf, type SvcError } from '@contract/errors'
import '@tanstack/react-query'

declare module '@tanstack/react-query' {
  interface Register {
    /** Query functions throw only `SvcError`s (see `toSvcError`), so views show them with `<ErrorNotice>`. */
    defaultError: SvcError
  }
}

const isSvcError = (e: unknown): e is SvcError =>
  typeof e === 'object' && e !== null && typeof (e as SvcError).kind === 'string' && typeof (e as SvcError).message === 'string'

/**
 * What a query function throws: a bridge failure as it came, anything else (a cache read
 * that failed, a bug) as an `Internal` error with its message, so a view always has a
 * message to show.
 */
export function toSvcError(e: unknown, operation?: string): SvcError {
  if (isSvcError(e)) return e
  const message = messageOf(e)
  return { kind: 'Internal', message: message || 'Something went wrong while loading this data.', operation }
}
