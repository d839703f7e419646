import type { SvcErrorKind } from '../../src-shared/contract/errors'

/**
 * The deployed service's error catalogue (from its published generated clients). The
 * service answers many of these with HTTP 400 whatever they mean (an unknown intent, an
 * expired quote, an outage of its database), so an error is classified by its name and
 * code first; the HTTP status decides only when neither is known.
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
  entry({ name: 'WebrpcBadRoute', code: -2, status: 404, kind: 'NotFound', advice: '{base} does not support {op} — check that the URL in Settings is the service’s base URL and that the service name matches it (a deployed service uses its own name, not Svc).' }),
  entry({ name: 'WebrpcBadMethod', code: -3, status: 405, kind: 'NotFound', advice: '{base} does not support {op} this way — check the base URL and the service name in Settings.' }),
  entry({ name: 'WebrpcBadRequest', code: -4, status: 400, kind: 'InvalidArgument', advice: '{base} refused the {op} request as malformed — check the values; if every call is refused this way, the wire form in Settings (big integers, renames) may not match this service.' }),
  entry({ name: 'Unexpected', code: 2001, status: 500, kind: 'Unavailable', transient: true, advice: '{base} failed unexpectedly while answering {op} — try again in a moment.' }),
  entry({ name: 'Unavailable', code: 2002, status: 400, kind: 'Unavailable', transient: true, advice: '{base} is temporarily unavailable for {op} — try again in a moment.' }),
  entry({ name: 'QueryFailed', code: 2003, status: 400, kind: 'Unavailable', transient: true, advice: '{base} could not run the {op} query — this is on the service’s side; try again in a moment.' }),
  entry({ name: 'IntentStatus', code: 2004, status: 422, kind: 'Conflict', advice: '{base} refused {op} because the intent is not in a state that allows it.' }),
  entry({ name: 'AccessKeyNotFound', code: 1101, status: 401, kind: 'Unauthorized', advice: 'The access key was rejected by {base} — check it in Settings.' }),
  entry({ name: 'AccessKeyMismatch', code: 1102, status: 409, kind: 'Unauthorized', advice: '{base} says this access key belongs to a different project — use the key for this project in Settings.' }),
  entry({ name: 'RateLimited', code: 1007, status: 429, kind: 'RateLimited', transient: true, advice: '{base} is limiting how often the app may call {op}.' }),
  entry({ name: 'QuotaRateLimit', code: 1201, status: 429, kind: 'RateLimited', transient: true, advice: '{base} says this access key has used up its request quota for now.' }),
  entry({ name: 'QuoteExpired', code: 7001, status: 400, kind: 'Conflict', advice: 'The quote has expired on {base} — get a new quote and commit that one.' }),
  entry({ name: 'NotFound', code: 8000, status: 400, kind: 'NotFound', advice: '{base} found nothing matching this {op} request — check the id and that this profile points at the service it came from.' }),
  entry({ name: 'UnsupportedNetwork', code: 8008, status: 422, kind: 'InvalidArgument', advice: '{base} does not support one of the networks in this {op} request — pick another chain.' }),
  entry({ name: 'ClientOutdated', code: 8009, status: 422, kind: 'InvalidArgument', advice: '{base} says this app’s client is outdated for {op} — update the app.' }),
  entry({ name: 'IntentsDisabled', code: 9000, status: 400, kind: 'Unavailable', advice: '{base} has intents switched off at the moment — this is a setting of the service, not a fault of this app; try again later.' }),
] as const satisfies readonly CatalogueEntry[]

export type ServiceErrorName = (typeof SERVICE_ERRORS)[number]['name']

const byName = new Map<string, CatalogueEntry>(SERVICE_ERRORS.map((e) => [e.name, e]))
const byCode = new Map<number, CatalogueEntry>(SERVICE_ERRORS.map((e) => [e.code, e]))

/** The catalogue entry for an error body: by name, else by code; `undefined` when neither is known. */
export function lookupServiceError(name: string | undefined, code: number | undefined): CatalogueEntry | undefined {
  return (name !== undefined ? byName.get(name) : undefined) ?? (code !== undefined ? byCode.get(code) : undefined)
}

/** Errors of a retried kind that another attempt cannot cure (a switch on the service). */
export function isDeliberate(name: string | undefined): boolean {
  if (name === undefined) return false
  const e = byName.get(name)
  return e !== undefined && (e.kind === 'Unavailable' || e.kind === 'RateLimited') && !e.transient
}
