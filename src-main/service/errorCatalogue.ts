import type { SvcErrorKind } from '../../src-shared/contract/errors'

/**
 * The deployed service's error catalogue (from its published generated clients). It
 * answers many errors with HTTP 400 whatever they mean (an unknown intent, an outage), so
 * an error is classified by its name and code first, by the HTTP status only when neither
 * is known.
 */
export interface CatalogueEntry {
  name: string
  code: number
  /** The HTTP status the service sends with it (for the simulator and the docs). */
  status: number
  kind: SvcErrorKind
  /** What to tell a person; `{op}` and `{base}` are filled in. */
  advice: string
  /** An outage another attempt may cure. Only reads are ever retried. */
  transient?: boolean
}

const entry = (e: CatalogueEntry) => e

export const SERVICE_ERRORS = [
  // webrpc's own errors (generated into every client).
  entry({ name: 'WebrpcEndpoint', code: 0, status: 400, kind: 'InvalidArgument', advice: '{base} refused the {op} request with an error of its own that it did not classify — read what the service said below.' }),
  entry({ name: 'WebrpcRequestFailed', code: -1, status: 400, kind: 'Network', transient: true, advice: 'The {op} request to {base} could not be completed — check the connection and try again.' }),
  entry({ name: 'WebrpcBadRoute', code: -2, status: 404, kind: 'NotFound', advice: '{base} does not support {op} — check that the URL in Settings is the service’s base URL and that the service name matches it (a deployed service uses its own name, not Svc).' }),
  entry({ name: 'WebrpcBadMethod', code: -3, status: 405, kind: 'NotFound', advice: '{base} does not support {op} this way — check the base URL and the service name in Settings.' }),
  entry({ name: 'WebrpcBadRequest', code: -4, status: 400, kind: 'InvalidArgument', advice: '{base} refused the {op} request as malformed — check the values; if every call is refused this way, the wire form in Settings (big integers, renames) may not match this service.' }),
  entry({ name: 'WebrpcBadResponse', code: -5, status: 500, kind: 'Unavailable', transient: true, advice: '{base} could not write its answer to {op} — this is on the service’s side; try again in a moment.' }),
  entry({ name: 'WebrpcServerPanic', code: -6, status: 500, kind: 'Unavailable', transient: true, advice: '{base} crashed while answering {op} — this is on the service’s side; try again in a moment.' }),
  entry({ name: 'WebrpcInternalError', code: -7, status: 500, kind: 'Unavailable', transient: true, advice: '{base} failed internally while answering {op} — try again in a moment.' }),
  entry({ name: 'WebrpcClientDisconnected', code: -8, status: 400, kind: 'Network', transient: true, advice: '{base} saw the connection for {op} close before it could answer — try again.' }),
  entry({ name: 'WebrpcStreamLost', code: -9, status: 400, kind: 'Network', transient: true, advice: 'The answer stream of {op} from {base} was lost — try again.' }),
  entry({ name: 'WebrpcStreamFinished', code: -10, status: 200, kind: 'BadResponse', advice: '{base} ended the answer stream of {op} early — try again; if it repeats, report it.' }),
  // The service platform's errors: access, keys, quotas.
  entry({ name: 'Unauthorized', code: 1000, status: 401, kind: 'Unauthorized', advice: '{base} did not accept this caller for {op} — check the access key in Settings.' }),
  entry({ name: 'PermissionDenied', code: 1001, status: 403, kind: 'Unauthorized', advice: 'The access key is not allowed to call {op} on {base} — ask the service’s operator for a key with this permission.' }),
  entry({ name: 'SessionExpired', code: 1002, status: 403, kind: 'Unauthorized', advice: 'The session behind this access key has expired on {base} — get a fresh key and put it in Settings.' }),
  entry({ name: 'MethodNotFound', code: 1003, status: 404, kind: 'NotFound', advice: '{base} does not offer {op} — check that the URL in Settings is the service’s base URL and that the service is a version that offers it.' }),
  entry({ name: 'RequestConflict', code: 1004, status: 409, kind: 'Conflict', advice: '{base} refused {op} because it conflicts with the current state of what it changes — reload and try again.' }),
  entry({ name: 'Aborted', code: 1005, status: 400, kind: 'Unavailable', transient: true, advice: '{base} abandoned the {op} request before it finished — try again.' }),
  entry({ name: 'Geoblocked', code: 1006, status: 451, kind: 'Unauthorized', advice: '{base} refuses requests from the region this machine connects from (geoblocked) — nothing in the request is wrong; it has to come from a place the service serves.' }),
  entry({ name: 'RateLimited', code: 1007, status: 429, kind: 'RateLimited', transient: true, advice: '{base} is limiting how often the app may call {op}.' }),
  entry({ name: 'ProjectNotFound', code: 1008, status: 401, kind: 'Unauthorized', advice: '{base} knows no project for this access key — check the key in Settings.' }),
  entry({ name: 'SecretKeyCorsDisallowed', code: 1009, status: 403, kind: 'Unauthorized', advice: '{base} refused a secret (admin) key for {op} — use the project’s access key, not its secret key.' }),
  entry({ name: 'AccessKeyNotFound', code: 1101, status: 401, kind: 'Unauthorized', advice: 'The access key was rejected by {base} — check it in Settings.' }),
  entry({ name: 'AccessKeyMismatch', code: 1102, status: 409, kind: 'Unauthorized', advice: '{base} says this access key belongs to a different project — use the key for this project in Settings.' }),
  entry({ name: 'InvalidOrigin', code: 1103, status: 403, kind: 'Unauthorized', advice: '{base} does not accept this access key from this app’s origin — the key is limited to other origins; ask for a key allowed here.' }),
  entry({ name: 'InvalidService', code: 1104, status: 403, kind: 'Unauthorized', advice: 'The access key is not enabled for this service on {base} — enable the service for the key, or use another key.' }),
  entry({ name: 'UnauthorizedUser', code: 1105, status: 403, kind: 'Unauthorized', advice: '{base} does not allow this user to call {op}.' }),
  entry({ name: 'InvalidChain', code: 1106, status: 403, kind: 'Unauthorized', advice: 'The access key is not enabled for a network this {op} request uses on {base} — enable the network for the key, or pick another chain.' }),
  entry({ name: 'QuotaExceeded', code: 1200, status: 429, kind: 'RateLimited', advice: '{base} says this access key has used up its request quota — calls fail until the quota renews or is raised.' }),
  entry({ name: 'QuotaRateLimit', code: 1201, status: 429, kind: 'RateLimited', transient: true, advice: '{base} says this access key has used up its request quota for now.' }),
  entry({ name: 'NoDefaultKey', code: 1300, status: 403, kind: 'Unauthorized', advice: '{base} found no default access key for this project — create one, then put it in Settings.' }),
  entry({ name: 'MaxAccessKeys', code: 1301, status: 403, kind: 'Unauthorized', advice: '{base} says the project already has as many access keys as it may.' }),
  entry({ name: 'AtLeastOneKey', code: 1302, status: 403, kind: 'Unauthorized', advice: '{base} says the project must keep at least one access key.' }),
  entry({ name: 'Timeout', code: 1900, status: 408, kind: 'Timeout', advice: '{base} gave up on the {op} request before it finished — try again.' }),
  // The intent service's own errors.
  entry({ name: 'InvalidArgument', code: 2000, status: 400, kind: 'InvalidArgument', advice: '{base} refused a value in the {op} request — check the values entered.' }),
  entry({ name: 'Unexpected', code: 2001, status: 500, kind: 'Unavailable', transient: true, advice: '{base} failed unexpectedly while answering {op} — try again in a moment.' }),
  entry({ name: 'Unavailable', code: 2002, status: 400, kind: 'Unavailable', transient: true, advice: '{base} is temporarily unavailable for {op} — try again in a moment.' }),
  entry({ name: 'QueryFailed', code: 2003, status: 400, kind: 'Unavailable', transient: true, advice: '{base} could not run the {op} query — this is on the service’s side; try again in a moment.' }),
  entry({ name: 'IntentStatus', code: 2004, status: 422, kind: 'Conflict', advice: '{base} refused {op} because the intent is not in a state that allows it.' }),
  entry({ name: 'QuoteExpired', code: 7001, status: 400, kind: 'Conflict', advice: 'The quote has expired on {base} — get a new quote and commit that one.' }),
  entry({ name: 'NotFound', code: 8000, status: 400, kind: 'NotFound', advice: '{base} found nothing matching this {op} request — check the id and that this profile points at the service it came from.' }),
  entry({ name: 'UnsupportedNetwork', code: 8008, status: 422, kind: 'InvalidArgument', advice: '{base} does not support one of the networks in this {op} request — pick another chain.' }),
  entry({ name: 'ClientOutdated', code: 8009, status: 422, kind: 'InvalidArgument', advice: '{base} says this app’s client is outdated for {op} — update the app.' }),
  entry({ name: 'IntentsDisabled', code: 9000, status: 400, kind: 'Unavailable', advice: '{base} has intents switched off at the moment — this is a setting of the service, not a fault of this app; try again later.' }),
  entry({ name: 'NotImplemented', code: 9999, status: 500, kind: 'NotFound', advice: '{base} does not implement {op} yet — this service version cannot answer it.' }),
] as const satisfies readonly CatalogueEntry[]

const byName = new Map<string, CatalogueEntry>(SERVICE_ERRORS.map((e) => [e.name, e]))
const byCode = new Map<number, CatalogueEntry>(SERVICE_ERRORS.map((e) => [e.code, e]))

/** The catalogue entry for an error body: by name, else by code; `undefined` when neither is known. */
export function lookupServiceError(name: string | undefined, code: number | undefined): CatalogueEntry | undefined {
  return (name !== undefined ? byName.get(name) : undefined) ?? (code !== undefined ? byCode.get(code) : undefined)
}

/** Errors of a retried kind that another attempt cannot cure (a switch on the service). */
export function isDeliberate(name: string | undefined): boolean {
  const e = name === undefined ? undefined : byName.get(name)
  return e !== undefined && (e.kind === 'Unavailable' || e.kind === 'RateLimited') && !e.transient
}

/**
 * An error as the service sent it, for a message: `QuotaExceeded (1200)`, or whichever
 * of the two came. Shown for errors this catalogue does not know, so a person can look
 * the error up or quote it to the service's operator.
 */
export function sentAs(name: string | undefined, code: number | undefined): string | undefined {
  if (name !== undefined && code !== undefined) return `${name} (${code})`
  return name ?? (code !== undefined ? `error code ${code}` : undefined)
}
