import type { Fetched } from '@contract/app'
import type { BridgeArgs, BridgeCallOptions, BridgeResult } from '@contract/bridge'
import type { BridgeMethodName } from '@contract/channels'
import type { Result, SvcError } from '@contract/errors'
import { whenIdle } from '../lib/whenIdle'
import { call } from './call'
import { toSvcError } from './errors'
import { writeThrough, type DataOf } from './keepAnswers'

/** What a view shows: the data, when it was fetched, and whether it came from the cache. */
export interface Shown<T> {
  data: T
  /** epoch ms of the fetch that produced the data */
  fetchedAt: number
  fromCache: boolean
  /** Why the cache is shown although the view asked the service: the failed call (`operation`) and its failure. */
  liveError?: SvcError
}

/** A query's answer: what to show, or null when offline and the cache holds nothing for it. */
export type Answer<T> = Shown<T> | null

export type CachedHit<T> = Pick<Shown<T>, 'data' | 'fetchedAt'>

/** A live answer: its data and when the service gave it (a bridge call's `Fetched`, or an answer built from several). */
export interface LiveAnswer<L> {
  data: L
  source: Pick<Fetched<L>['source'], 'fetchedAt'>
}

/** How one request is answered live and from the cache. */
export interface LiveOrCachedSource<T, L = T> {
  /**
   * The live call; usually one bridge call (`bridgeCall`), written through on the way.
   * `signal` is the query's: pass it on, so a request no longer wanted is given up.
   */
  live(signal?: AbortSignal): Promise<Result<LiveAnswer<L>>>
  /** The cached answer to the same request, if any. */
  cached(): Promise<CachedHit<T> | undefined>
  /** Turns a live answer into what the view shows (identity when T and L agree). */
  shape?(live: L): T
}

/**
 * One bridge call whose answer is written through to the cache before it is returned,
 * so the cache always holds what a view last showed. A call given up (`signal`) resolves
 * as `Aborted` and nothing of it is written. `writeWhenIdle`, for large answers a view
 * draws at once (a search answers up to 500 full intents): the answer is returned first
 * and written once the window is idle, so storing it and its lookup keys does not hold up
 * its rows; a call given up before then (its query was cancelled) is not written.
 */
export async function bridgeCall<M extends BridgeMethodName>(
  method: M,
  args: BridgeArgs<M>,
  { signal, writeWhenIdle = false }: BridgeCallOptions & { writeWhenIdle?: boolean } = {},
): Promise<Result<Fetched<DataOf<M>>>> {
  const r = (await call(method, args, { signal })) as Result<Fetched<DataOf<M>>>
  const write = async () => {
    if (r.ok && !signal?.aborted) await writeThrough(method, r.value, args)
  }
  if (writeWhenIdle) whenIdle(() => void write())
  else await write()
  return r
}

/** A call's value, or its failure thrown (for query and mutation functions). */
async function valueOf<T>(pending: Promise<Result<T>>): Promise<T> {
  const r = await pending
  if (!r.ok) throw r.error
  return r.value
}

/** `call` for a mutation or a query function of something not kept in the cache (settings, main's own record). */
export const callValue = <M extends BridgeMethodName>(method: M, args: BridgeArgs<M>, opts?: BridgeCallOptions): Promise<BridgeResult<M>> =>
  valueOf(call(method, args, opts))

/** `bridgeCall` (the answer written through) for query functions and mutations. */
export const bridgeData = <M extends BridgeMethodName>(method: M, args: BridgeArgs<M>, opts?: BridgeCallOptions): Promise<Fetched<DataOf<M>>> =>
  valueOf(bridgeCall(method, args, opts))

async function fromCache<T>(source: LiveOrCachedSource<T, unknown>, liveError?: SvcError): Promise<Answer<T>> {
  const hit = await source.cached().catch(() => undefined)
  if (hit) return { data: hit.data, fetchedAt: hit.fetchedAt, fromCache: true, liveError }
  if (liveError) throw liveError
  return null
}

/**
 * THE fallback rule, the same for every view (CONTRIBUTING.md, "Loading data"): when the
 * live call fails in any way but a cancel (out of reach, a 5xx, a rejected key, a refused
 * request), the cache's answer to the same request is shown, with the failure beside it
 * (`liveError`, which names the failed call) and the time the cached answer was fetched;
 * with nothing cached, the failure is the answer. A cancel is never an answer.
 */
export const fallsBackToCache = (error: SvcError): boolean => error.kind !== 'Aborted'

/**
 * The query function behind every service view: the live answer (written through), or,
 * offline, the cache's answer with its age, or, when the live call fails, the cache's
 * answer beside the failure (`fallsBackToCache`). Failures with nothing cached are thrown
 * as `SvcError`s. `signal` is the query's: a query cancelled (a new search, a filter
 * changed, the view left) gives its call up, and its `Aborted` failure is thrown without
 * reading the cache or shaping anything; the query library drops it, so it is never shown.
 */
export async function answerLiveOrCached<T, L = T>(source: LiveOrCachedSource<T, L>, offline: boolean, signal?: AbortSignal): Promise<Answer<T>> {
  const generic = source as LiveOrCachedSource<T, unknown>
  if (offline) return fromCache(generic)
  let r: Result<LiveAnswer<L>>
  try {
    r = await source.live(signal)
  } catch (e) {
    throw toSvcError(e)
  }
  if (!r.ok) {
    if (fallsBackToCache(r.error)) return fromCache(generic, r.error)
    throw r.error
  }
  const data = source.shape ? source.shape(r.value.data) : (r.value.data as unknown as T)
  return { data, fetchedAt: r.value.source.fetchedAt, fromCache: false }
}
