import { isSvcFailure, SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import {
  CAPABILITY_OPERATIONS,
  type Capabilities,
  type CapabilityOperation,
  type CapabilityState,
  type GetTokenPricesRequest,
  type ServiceClock,
  type TokenPriceView,
} from '../../src-shared/contract/service/extras'
import type { CallOptions, SvcClient } from './client'

/**
 * Which operations beyond the spec a profile's service answers, each asked once with an
 * empty request: an answer or a refusal of the request means it has it, "no such route /
 * method" that it has not, anything else unknown. Nothing changes on the service
 * (AbortIntent without an intent id is refused before it does anything).
 */

/** webrpc's and the platform's names for "this operation does not exist here". */
const NO_SUCH_OPERATION = new Set(['WebrpcBadRoute', 'WebrpcBadMethod', 'MethodNotFound', 'NotImplemented'])

export function stateOfProbe(error: SvcError | undefined): CapabilityState {
  if (!error) return 'available'
  if (error.kind === 'NotFound' && (error.name === undefined ? error.status === 404 || error.status === 405 : NO_SUCH_OPERATION.has(error.name))) return 'absent'
  // It read the request and refused it, or answered in a shape this app does not read: it has the operation.
  if (['InvalidArgument', 'Conflict', 'NotFound', 'BadResponse'].includes(error.kind)) return 'available'
  return 'unknown'
}

export async function probeCapabilities(client: SvcClient, opts: CallOptions = {}): Promise<Capabilities> {
  const states = await Promise.all(
    CAPABILITY_OPERATIONS.map((op) =>
      client.extra(op, {} as never, { timeoutMs: opts.timeoutMs ?? 10_000, signal: opts.signal }).then(
        () => 'available' as const,
        (e: unknown) => (isSvcFailure(e) ? stateOfProbe(e.error) : 'unknown'),
      ),
    ),
  )
  return { operations: Object.fromEntries(CAPABILITY_OPERATIONS.map((op, i) => [op, states[i]])) as Record<CapabilityOperation, CapabilityState>, checkedAt: Date.now() }
}

/** Capabilities per profile, probed once and kept (a probe under way shared); `refresh` probes again. */
export class CapabilityCache {
  private readonly known = new Map<string, Promise<Capabilities>>()

  get(profileKey: string, client: SvcClient, refresh = false): Promise<Capabilities> {
    const kept = this.known.get(profileKey)
    if (kept && !refresh) return kept
    const probing = probeCapabilities(client)
    this.known.set(profileKey, probing)
    // One that learnt nothing is not kept: the next asker probes again.
    void probing.then((c) => Object.values(c.operations).every((s) => s === 'unknown') && this.known.get(profileKey) === probing && this.known.delete(profileKey))
    return probing
  }
}

/** `available: Ping, Clock, …; absent: …` for a line of the doctor or Test connection. */
export function describeCapabilities(c: Capabilities): string {
  const by = (s: CapabilityState) => CAPABILITY_OPERATIONS.filter((op) => c.operations[op] === s)
  const parts = [`available: ${by('available').join(', ') || 'none'}`]
  if (by('absent').length) parts.push(`absent: ${by('absent').join(', ')}`)
  if (by('unknown').length) parts.push(`could not tell: ${by('unknown').join(', ')}`)
  return parts.join('; ')
}

/** Runs an optional operation; where the service lacks it, fails NotFound saying so (not "check the URL"). */
async function optional<T>(client: SvcClient, op: CapabilityOperation, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (e) {
    if (isSvcFailure(e) && stateOfProbe(e.error) === 'absent') {
      throw new SvcFailure({ kind: 'NotFound', operation: op, status: e.error.status, message: `${client.baseUrl} does not offer ${op} (an optional operation beyond the spec); the app works without it.` })
    }
    throw e
  }
}

/** USD prices from the service's GetTokenPrices, one per token it priced. */
export async function tokenPricesOf(client: SvcClient, request: GetTokenPricesRequest, opts: CallOptions = {}): Promise<{ prices: TokenPriceView[] }> {
  const { tokenPrices } = await optional(client, 'GetTokenPrices', () => client.extra('GetTokenPrices', request, opts))
  const prices = tokenPrices.flatMap((p): TokenPriceView[] => {
    const value = p.price?.value
    const { chainId, contractAddress } = p.token ?? {}
    if (value === undefined || chainId === undefined || !contractAddress || (p.price?.currency && p.price.currency.toUpperCase() !== 'USD')) return []
    return [{ chainId, contractAddress, priceUsd: value, ...(p.updatedAt && { updatedAt: p.updatedAt }) }]
  })
  return { prices }
}

/** The service's clock against this machine's: the skew is taken against the middle of the call. */
export async function serviceClockOf(client: SvcClient, opts: CallOptions = {}, now: () => number = Date.now): Promise<ServiceClock> {
  const sent = now()
  const { serverTime } = await optional(client, 'Clock', () => client.extra('Clock', {}, opts))
  const back = now()
  const at = Date.parse(serverTime ?? '')
  if (Number.isNaN(at)) throw new SvcFailure({ kind: 'BadResponse', operation: 'Clock', message: `${client.baseUrl} answered Clock without a readable time.` })
  return { serverTime: serverTime!, skewMs: Math.round(at - (sent + back) / 2), checkedAt: back }
}
