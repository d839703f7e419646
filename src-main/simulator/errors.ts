/**
 * Errors in the webrpc form the real service uses: the body is
 * `{"error": name, "code": number, "msg": text, "cause"?: text, "status": httpStatus}`
 * and the HTTP status equals `status`.
 */

export interface ErrorKind {
  name: string
  code: number
  status: number
}

export const ERROR_KINDS = {
  BadRoute: { name: 'WebrpcBadRoute', code: -2, status: 404 },
  BadMethod: { name: 'WebrpcBadMethod', code: -3, status: 405 },
  BadRequest: { name: 'WebrpcBadRequest', code: -4, status: 400 },
  InternalError: { name: 'WebrpcInternalError', code: -7, status: 500 },
  Unauthorized: { name: 'Unauthorized', code: 1000, status: 401 },
  AccessKeyNotFound: { name: 'AccessKeyNotFound', code: 1101, status: 401 },
  RateLimited: { name: 'RateLimited', code: 1201, status: 429 },
  InvalidArgument: { name: 'InvalidArgument', code: 2001, status: 400 },
  NotFound: { name: 'NotFound', code: 3000, status: 404 },
  IntentStatus: { name: 'IntentStatus', code: 4001, status: 422 },
  IntentExpired: { name: 'IntentExpired', code: 4002, status: 422 },
  QuoteMismatch: { name: 'QuoteMismatch', code: 4003, status: 409 },
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

  constructor(kind: ErrorKindName, msg: string, detail?: string) {
    super(msg)
    this.kind = ERROR_KINDS[kind]
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

export const invalidArgument = (msg: string, field?: string): SimError => new SimError('InvalidArgument', msg, field)
export const intentNotFound = (intentId: string): SimError => new SimError('NotFound', `intent ${intentId} not found`, 'intentId')
