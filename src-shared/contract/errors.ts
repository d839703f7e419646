/**
 * Failures that cross the bridge. Every bridge method resolves to a Result; it never
 * rejects for a service or validation problem, so the renderer can always show a
 * message a person can act on.
 */
export const SVC_ERROR_KINDS = [
  'Unauthorized',
  'NotFound',
  'InvalidArgument',
  'Conflict',
  'RateLimited',
  'Unavailable',
  'Timeout',
  'Network',
  'BadResponse',
  'Aborted',
  'Internal',
] as const

export type SvcErrorKind = (typeof SVC_ERROR_KINDS)[number]

export interface SvcError {
  kind: SvcErrorKind
  /** Human-readable, actionable; never contains the access key. */
  message: string
  /** The service operation (e.g. `GetIntent`) or bridge method that failed. */
  operation?: string
  /** webrpc error code from the service body, when there was one. */
  code?: number
  /** webrpc error name from the service body (e.g. `QuoteExpired`), when there was one. */
  name?: string
  /** HTTP status, when the failure came from an HTTP answer. */
  status?: number
  /** For RateLimited: how long the service asked us to wait. */
  retryAfterMs?: number
  /** For BadResponse / InvalidArgument: the offending field path, e.g. `intents[3].status`. */
  path?: string
  /** For an answer refused for its size: the limit it passed, in bytes. */
  limitBytes?: number
  /** For BadResponse: the service answered with an empty body (reads are asked once more). */
  emptyBody?: boolean
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: SvcError }

export const ok = <T>(value: T): Result<T> => ({ ok: true, value })
export const fail = (error: SvcError): { ok: false; error: SvcError } => ({ ok: false, error })

/** Thrown inside the main process; mapped to `{ ok: false, error }` at the bridge. */
export class SvcFailure extends Error {
  constructor(readonly error: SvcError) {
    super(error.message)
    this.name = `SvcFailure(${error.kind})`
  }
}

export const isSvcFailure = (e: unknown): e is SvcFailure => e instanceof SvcFailure

/** What a caught failure says (a SvcFailure's message is its error's). */
export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** What `read` gives, or `fallback` when it throws (text that does not parse, a file not there yet). */
export function orElse<T>(read: () => T, fallback: T): T {
  try {
    return read()
  } catch {
    return fallback
  }
}

/**
 * The failure an abandoned call resolves to: never shown, never cached. Here, without
 * zod, because both bridges of the page use it from its first render.
 */
export const abortedResult = (operation: string): { ok: false; error: { kind: 'Aborted'; operation: string; message: string } } => ({
  ok: false,
  error: { kind: 'Aborted', operation, message: `${operation} was cancelled: its answer is no longer wanted.` },
})
