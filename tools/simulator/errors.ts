import { wireErrorByName } from './wireCatalogue'

/**
 * Errors in the webrpc form the real service uses: the body is
 * `{"error": name, "code": number, "msg": text, "cause"?: text, "status": httpStatus}`
 * and the HTTP status equals `status`.
 */

function byName(name: string): ErrorKind {
  const e = wireErrorByName(name)
  if (!e) throw new Error(`${name} is not in the simulator's wire catalogue`)
  return { name: e.name, code: e.code, status: e.status }
}

export interface ErrorKind {
  name: string
  code: number
  status: number
}

/**
 * The deployed service's catalogue (the simulator's own copy, `wireCatalogue.ts`), which many
 * errors answer with HTTP 400 whatever they mean; the client classifies them by name and
 * code. Validation failures are `WebrpcBadRequest`, as a generated server reports them.
 */
export const ERROR_KINDS = {
  BadRoute: byName('WebrpcBadRoute'),
  BadMethod: byName('WebrpcBadMethod'),
  BadRequest: byName('WebrpcBadRequest'),
  InternalError: byName('Unexpected'),
  Unavailable: byName('Unavailable'),
  QueryFailed: byName('QueryFailed'),
  IntentsDisabled: byName('IntentsDisabled'),
  AccessKeyNotFound: byName('AccessKeyNotFound'),
  AccessKeyMismatch: byName('AccessKeyMismatch'),
  RateLimited: byName('RateLimited'),
  QuotaRateLimit: byName('QuotaRateLimit'),
  NotFound: byName('NotFound'),
  IntentStatus: byName('IntentStatus'),
  QuoteExpired: byName('QuoteExpired'),
  UnsupportedNetwork: byName('UnsupportedNetwork'),
} as const satisfies Record<string, ErrorKind>

export type ErrorKindName = keyof typeof ERROR_KINDS

export interface WebrpcErrorBody {
  error: string
  code: number
  msg: string
  cause?: string
  status: number
}

export class SimError extends Error {
  readonly kind: ErrorKind
  /** Sent as `cause`: the detail a developer needs (field name, offending value). */
  readonly detail?: string

  /** `kind`: one of ERROR_KINDS by name, or any entry of the wire catalogue. */
  constructor(kind: ErrorKindName | ErrorKind, msg: string, detail?: string) {
    super(msg)
    this.kind = typeof kind === 'string' ? ERROR_KINDS[kind] : kind
    this.detail = detail
  }

  get status(): number {
    return this.kind.status
  }

  body(): WebrpcErrorBody {
    const b: WebrpcErrorBody = { error: this.kind.name, code: this.kind.code, msg: this.message, status: this.kind.status }
    if (this.detail !== undefined) b.cause = this.detail
    return b
  }
}

export const invalidArgument = (msg: string, field?: string): SimError => new SimError('BadRequest', msg, field)
export const intentNotFound = (intentId: string): SimError => new SimError('NotFound', `intent ${intentId} not found`, 'intentId')
