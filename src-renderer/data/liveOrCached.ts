import type { Fetched } from '@contract/app'
import type { BridgeArgs, BridgeCallOptions } from '@contract/bridge'
import type { BridgeMethodName } from '@contract/channels'
import type { Result, SvcError } from '@contract/errors'
import { call } from './call'
import { OUTAGE_KINDS } from '../stores/connection'
import { toSvcError } from './errors'
import { writeThrough, type DataOf } from './writeThrough'

/** What a view shows: the data, when it was fetched, and whether it came from the cache. */
export interface Shown<T> {
  data: T
  /** epoch ms of the fetch that produced the data */
  fetchedAt: number
  fromCache: boolean
  /** Why the cache is shown although the view asked the service (an outage). */
  liveError?: SvcError
}

/** A query's answer: what to show, or null when offline and the cache holds nothing for it. */
export type Answer<T> = Shown<T> | null

export interface CachedHit<T> {
  data: T
  fetchedAt: number
}

/** How one request is answered live and from the cache. */
export interface LiveOrCachedSource<T, L = T> {
  /**
   * The live call; usually one bridge call (`bridgeCall`), written through on the way.
   * `signal` is the query's: pass it on, so a request no longer wanted is given up.
   */
  live(signal?: AbortSignal): Promise<Result<Fetched<L>>>
  /** The cached answer to the same request, if any. */
  cached(): Promise<CachedHit<T> | undefined>
  /** Turns a live answer into what the view shows (identity when T and L agree). */
  shape?(live: L): T
}

/**
 * One bridge call whose answer is written through to the cache before it is returned,
 * so the cache always holds what a view last showed. A call given up (`signal`) resolves
 * as `Aborted` and nothing of it is written.
 */
export async function bridgeCall<M extends BridgeMethodName>(method: M, args: BridgeArgs<M>, opts?: BridgeCallOptions): Promise<Result<Fetched<DataOf<M>>>> {
  const r = (await call(method, args, opts)) as Result<Fetched<DataOf<M>>>
  if (r.ok && !opts?.signal?.aborted) await writeThrough(method, r.value, args)
  return r
}

/** Runs `work` when the window is idle (at the latest after a second). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 })
  else setTimeout(work, 0)
}

/**
 * `bridgeCall` for large answers that a view draws at once (a search answers up to 500
 * full intents): the answer is returned first and written through once the window is
 * idle, so storing it and its lookup keys does not hold up the rows it belongs to. A call
 * given up before the window was idle (its query was cancelled) is not written.
 */
export async function bridgeCallKeptWhenIdle<M extends BridgeMethodName>(
  method: M,
  args: BridgeArgs<M>,
  opts?: BridgeCallOptions,
): Promise<Result<Fetched<DataOf<M>>>> {
  const r = (await call(method, args, opts)) as Result<Fetched<DataOf<M>>>
  if (r.ok)
    whenIdle(() => {
      if (!opts?.signal?.aborted) void writeThrough(method, r.value, args)
    })
  return r
}

/** `bridgeCall` for query functions and mutations: the answer, or the failure thrown. */
export async function bridgeData<M extends BridgeMethodName>(method: M, args: BridgeArgs<M>, opts?: BridgeCallOptions): Promise<Fetched<DataOf<M>>> {
  const r = await bridgeCall(method, args, opts)
  if (!r.ok) throw r.error
  return r.value
}

async function fromCache<T>(source: LiveOrCachedSource<T, unknown>, liveError?: SvcError): Promise<Answer<T>> {
  const hit = await source.cached().catch(() => undefined)
  if (hit) return { data: hit.data, fetchedAt: hit.fetchedAt, fromCache: true, liveError }
  if (liveError) throw liveError
  return null
}

/**
 * The query function behind every service view: the live answer (written through), or
 * the cache's answer with its age when the app is offline or the service is out of
 * reach (Network, Unavailable, Timeout). Other failures are thrown as `SvcError`s.
 * `signal` is the query's: a query cancelled (a new search, a filter changed, the view
 * left) gives its call up, and its `Aborted` failure is thrown without reading the cache
 * or shaping anything; the query library drops it, so it is never shown.
 */
export async function answerLiveOrCached<T, L = T>(source: LiveOrCachedSource<T, L>, offline: boolean, signal?: AbortSignal): Promise<Answer<T>> {
  const generic = source as LiveOrCachedSource<T, unknown>
  if (offline) return fromCache(generic)
  let r: Result<Fetched<L>>
  try {
    r = await source.live(signal)
  } catch (e) {
    throw toSvcError(e)
  }
  if (!r.ok && r.error.kind === 'Aborted') throw r.error
  if (!r.ok) {
    if (OUTAGE_KINDS.has(r.error.kind)) return fromCache(generic, r.error)
    throw r.error
  }
  const data = source.shape ? source.shape(r.value.data) : (r.value.data as unknown as T)
  return { data, fetchedAt: r.value.source.fetchedAt, fromCache: false }
}
