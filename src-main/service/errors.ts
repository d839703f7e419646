import { z } from 'zod'
import { formatBytes, type HeaderReader } from './transport'
import { redactDeep, redactSecret } from './redact'
import { orElse, type SvcError } from '../../src-shared/contract/errors'
import { lookupServiceError, sentAs, type CatalogueEntry } from './errorCatalogue'

/**
 * Everything that can go wrong on a call as a typed SvcError whose message tells a person
 * what to do, naming the base URL and the operation, never the key or a request header.
 */

export interface CallContext {
  operation: string
  baseUrl: string
  /** Whether a key was sent, to tell "no key set" from "key rejected". */
  keySent: boolean
  /** The key sent, if any: scrubbed from what the service wrote before anything is cut. */
  accessKey?: string
}

/** The webrpc error body: `{ error, code, msg, cause?, status }`. */
const WebrpcErrorSchema = z.object({
  error: z.string().optional(),
  code: z.number().optional(),
  msg: z.string().optional(),
  cause: z.string().optional(),
  status: z.number().optional(),
})
type WebrpcError = z.infer<typeof WebrpcErrorSchema>

/** webrpc answers an unknown method with this error (HTTP 404). */
const BAD_ROUTE = { name: 'WebrpcBadRoute', code: -2 }

const MAX_QUOTED = 200

function parseWebrpcError(text: string): WebrpcError | undefined {
  const e = WebrpcErrorSchema.safeParse(orElse(() => JSON.parse(text), undefined)).data
  return e && (e.error !== undefined || e.msg !== undefined || e.code !== undefined) ? e : undefined
}

/** What the service said, quoted and shortened; the key is scrubbed from each field before joining and cutting. */
function serviceSaid(e: WebrpcError | undefined, secret: string | undefined): string {
  // Only the start can be shown; it is scrubbed with room for a key running past the cut.
  const window = MAX_QUOTED + (secret?.length ?? 0) + 8
  const said = [e?.msg?.slice(0, window), e?.cause?.slice(0, window)]
    .flatMap((s) => (s?.trim() ? [redactSecret(s, secret)] : []))
    .join(': ')
  if (!said) return ''
  const short = said.length > MAX_QUOTED ? `${said.slice(0, MAX_QUOTED - 1)}…` : said
  return ` The service said: “${short}”.`
}

/** Retry-After as seconds or an HTTP date (RFC 9110), a past date meaning now; `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

const seconds = (ms: number): string => (ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : `${Math.ceil(ms / 1000)} s`)

/** A rate limit: the wait the service asked for (Retry-After), and the words that end its message. */
function rateLimit(headers: HeaderReader): { retryAfterMs?: number; wait: string } {
  const retryAfterMs = parseRetryAfter(headers.get('retry-after'))
  const wait = ` — wait ${retryAfterMs !== undefined ? seconds(retryAfterMs) : 'a moment'} and try again.`
  return retryAfterMs === undefined ? { wait } : { retryAfterMs, wait }
}

/** An error the catalogue knows: its kind and advice, whatever HTTP status came with it. */
function catalogued(ctx: CallContext, entry: CatalogueEntry, base: Omit<SvcError, 'kind' | 'message'>, headers: HeaderReader, said: string): SvcError {
  const advice = entry.advice.replaceAll('{op}', ctx.operation).replaceAll('{base}', ctx.baseUrl)
  if (entry.kind === 'Unauthorized' && !ctx.keySent) {
    return { ...base, kind: 'Unauthorized', message: noKeySet(ctx) }
  }
  if (entry.kind === 'RateLimited') {
    const { wait, ...retry } = rateLimit(headers)
    return { ...base, kind: 'RateLimited', ...retry, message: `${advice.replace(/\.$/, '')}${wait}${said}` }
  }
  // The name, code and status let support match the answer to the service's own logs.
  const which = ` (${entry.name} ${entry.code}, HTTP ${base.status})`
  return { ...base, kind: entry.kind, message: `${advice.replace(/\.$/, '')}${which}.${said}` }
}

/**
 * A non-2xx HTTP answer, classified by the error's name and code first (the deployed
 * service sends an unknown intent and an outage alike as HTTP 400), by the status only
 * when the catalogue does not know them, and then with the service's own words.
 */
export function httpFailure(ctx: CallContext, status: number, headers: HeaderReader, body: string): SvcError {
  const e = parseWebrpcError(body)
  const base = {
    operation: ctx.operation,
    status,
    ...(e?.code !== undefined && { code: e.code }),
    ...(e?.error !== undefined && { name: e.error }),
  }
  const said = serviceSaid(e, ctx.accessKey)
  const known = e && lookupServiceError(e.error, e.code)
  if (known) return catalogued(ctx, known, base, headers, said)
  const label = sentAs(e?.error, e?.code)
  if (label === undefined) return { ...base, ...byStatus(ctx, status, headers, e, said) }
  return { ...base, ...uncatalogued(ctx, status, headers, e, said, label) }
}

/**
 * A named error this app does not know (`QuotaExceeded (1200)`), shown as sent. The HTTP
 * status still decides the kind (and so retries), but not the status's advice: for all
 * the app knows, nothing in the request is wrong.
 */
function uncatalogued(ctx: CallContext, status: number, headers: HeaderReader, e: WebrpcError | undefined, said: string, label: string): StatusVerdict {
  const verdict = byStatus(ctx, status, headers, e, said)
  const what = `${ctx.baseUrl} answered ${ctx.operation} with ${label}, HTTP ${status}, an error this app does not know`
  const next = verdict.kind === 'RateLimited' || verdict.kind === 'Unavailable' || verdict.kind === 'Timeout' ? ' — try again in a moment' : ''
  return { ...verdict, message: `${what}${next}.${said || ' The service gave no explanation.'}` }
}

type StatusVerdict = Pick<SvcError, 'kind' | 'message' | 'retryAfterMs'>

/** What an HTTP status alone says, for answers whose error the catalogue does not know. */
function byStatus(ctx: CallContext, status: number, headers: HeaderReader, e: WebrpcError | undefined, said: string): StatusVerdict {
  const { operation, baseUrl } = ctx
  if (status === 401 || status === 403) return refused(ctx, status, said)
  if (status === 404 || status === 405) return notFound(ctx, status, e, said)
  if (status === 408) return { kind: 'Timeout', message: `${baseUrl} gave up waiting for the ${operation} request — try again.${said}` }
  if (status === 409 || status === 422) {
    return {
      kind: 'Conflict',
      message: `${baseUrl} refused ${operation} because the intent is not in a state that allows it (for example, it was modified after quoting, or the 10-minute window after commit has passed).${said}`,
    }
  }
  if (status === 429) {
    const { wait, ...retry } = rateLimit(headers)
    return { kind: 'RateLimited', ...retry, message: `${baseUrl} is limiting how often the app may call ${operation}${wait}` }
  }
  if (status >= 300 && status < 400) {
    const to = headers.get('location')
    const where = to ? ` to ${redactSecret(to.slice(0, 2048), ctx.accessKey).slice(0, 300)}` : ''
    return {
      kind: 'BadResponse',
      message: `${baseUrl} redirected ${operation} (HTTP ${status})${where} — service calls are not sent on to another address; put the service's own base URL in Settings.`,
    }
  }
  if (status >= 400 && status < 500) {
    return { kind: 'InvalidArgument', message: `${baseUrl} rejected the ${operation} request as invalid (HTTP ${status}) — check the values entered.${said}` }
  }
  if (status >= 500) {
    return {
      kind: 'Unavailable',
      message: `${baseUrl} could not answer ${operation} (HTTP ${status}) — try again in a moment; if it keeps happening, the service may be down.${said}`,
    }
  }
  return {
    kind: 'BadResponse',
    message: `${baseUrl} answered ${operation} with an unexpected HTTP status ${status} — check that the URL in Settings points at the service itself, not a proxy or login page.`,
  }
}

const noKeySet = (ctx: CallContext) => `${ctx.baseUrl} needs an access key and none is set for this profile — add one in Settings.`

/** 401 and 403 without a catalogued name: the key is missing, wrong, or not allowed this call. */
function refused(ctx: CallContext, status: number, said: string): StatusVerdict {
  const message =
    status === 403
      ? `The access key is not allowed to call ${ctx.operation} on ${ctx.baseUrl} — check in Settings that it is the key for this service and project.${said}`
      : ctx.keySent
        ? `The access key was rejected by ${ctx.baseUrl} — check it in Settings.${said}`
        : noKeySet(ctx)
  return { kind: 'Unauthorized', message }
}

/** 404 and 405: an operation this service does not offer (a wrong base URL, usually), or nothing matching. */
function notFound({ operation, baseUrl }: CallContext, status: number, e: WebrpcError | undefined, said: string): StatusVerdict {
  const unknownOperation = !e || e.error === BAD_ROUTE.name || e.code === BAD_ROUTE.code || status === 405
  const message = unknownOperation
    ? `${baseUrl} does not support ${operation} — check that the URL in Settings is the service's base URL, and that the service is a version that offers this operation.`
    : `${baseUrl} found nothing matching this ${operation} request — check the id and that this profile points at the service it came from.${said}`
  return { kind: 'NotFound', message }
}

/** A 2xx answer whose body is not JSON, or JSON of the wrong shape. */
export function badResponse(ctx: CallContext, detail: string, path?: string): SvcError {
  const where = path ? ` at \`${path}\`` : ''
  return {
    kind: 'BadResponse',
    operation: ctx.operation,
    ...(path && { path }),
    message: `${ctx.baseUrl} sent an answer to ${ctx.operation} that the app cannot use${where}: ${detail}. The service may be a different version than expected — report this with the operation and field name.`,
  }
}

/** A 2xx answer with nothing in it (no body, `null`, or `{}` where fields were due). Reads are asked once more. */
export function emptyBodyFailure(ctx: CallContext): SvcError {
  return {
    kind: 'BadResponse',
    operation: ctx.operation,
    emptyBody: true,
    message: `${ctx.baseUrl} answered ${ctx.operation} with an empty body — the service answered with nothing to read. If it keeps happening, the service (or a proxy in front of it) is dropping its answers.`,
  }
}

/** An answer past the size limit: final (`limitBytes`), since asking again would fetch the same bulk. */
export function tooLargeFailure(ctx: CallContext, limitBytes: number, encoded: boolean): SvcError {
  const how = encoded ? 'larger than' : 'that expands (decompressed) to more than'
  return {
    kind: 'BadResponse',
    operation: ctx.operation,
    limitBytes,
    message: `${ctx.baseUrl} sent an answer to ${ctx.operation} ${how} the ${formatBytes(limitBytes)} the app accepts, so it was not read — check that the URL in Settings points at the intent service; if it does, ask for less at a time (narrower filters).`,
  }
}

export function timeoutFailure(ctx: CallContext, timeoutMs: number): SvcError {
  return {
    kind: 'Timeout',
    operation: ctx.operation,
    message: `${ctx.baseUrl} did not answer ${ctx.operation} within ${seconds(timeoutMs)} — the service may be overloaded or unreachable; try again, and check the URL in Settings if it keeps happening.`,
  }
}

export function abortedFailure(ctx: CallContext): SvcError {
  return { kind: 'Aborted', operation: ctx.operation, message: `${ctx.operation} on ${ctx.baseUrl} was cancelled.` }
}

/** Low-level connection error codes and what they mean to a person. */
const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing is accepting connections there (connection refused)',
  ENOTFOUND: 'the host name could not be found',
  EAI_AGAIN: 'the host name could not be looked up (DNS)',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  UND_ERR_SOCKET: 'the connection was closed unexpectedly',
  UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for a different host',
}

/** The error code of a failed fetch, looking through `cause` chains (undici nests them). */
export function networkErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

export function networkFailure(ctx: CallContext, code: string | undefined, duringBody: boolean): SvcError {
  const reason = duringBody
    ? 'the connection dropped while the answer was arriving'
    : ((code && NETWORK_REASONS[code]) ?? `the connection failed${code ? ` (${code})` : ''}`)
  return {
    kind: 'Network',
    operation: ctx.operation,
    message: `Could not reach ${ctx.baseUrl} for ${ctx.operation}: ${reason} — check the network connection and the URL in Settings.`,
  }
}

/**
 * An error with a secret scrubbed from every string a service may have echoed it in; only
 * the values are walked, the field names being ours (a short key must not eat `kind`).
 */
export const redact = (error: SvcError, secret: string | undefined): SvcError =>
  Object.fromEntries(Object.entries(error).map(([field, value]) => [field, redactDeep(value, [secret])])) as SvcError
