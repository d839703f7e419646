import { useCallback, useEffect, useRef, useState } from 'react'
import type { Fetched } from '@contract/app'
import type { Result, SvcError } from '@contract/errors'
import { OUTAGE_KINDS } from '../stores/connection'

/** What a view shows: the data, when it was fetched, and whether it came from the cache. */
export interface Shown<T> {
  data: T
  /** epoch ms of the fetch that produced the data */
  fetchedAt: number
  fromCache: boolean
  /** Why the cache is shown although the view asked the service (an outage). */
  liveError?: SvcError
}

export type LiveOrCachedState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: Shown<T> }
  | { status: 'ok'; shown: Shown<T> }
  /** The service failed (not an outage), or it was out of reach and nothing was cached. */
  | { status: 'error'; error: SvcError; previous?: Shown<T> }
  /** Offline by choice or circumstance, and the cache holds nothing for this request. */
  | { status: 'uncached'; liveError?: SvcError }

export interface LiveOrCachedSource<T, L = T> {
  /** The bridge call. */
  live(): Promise<Result<Fetched<L>>>
  /** Write-through of a live answer; must not reject (the cache reports its own failures). */
  save?(fetched: Fetched<L>): Promise<unknown>
  /** The cached answer for the same request, if any. */
  cached(): Promise<{ data: T; fetchedAt: number } | undefined>
  /** Turns a live answer into what the view shows (identity when T and L agree). */
  shape?(live: L): T
}

/**
 * Loads a view's data from the service, or from the cache when the app is offline or the
 * service cannot be reached (Network, Unavailable, Timeout). Every live answer is written
 * through before it is shown, so the cache always holds what was last seen. Answers that
 * arrive after the request changed are dropped.
 *
 * `key` identifies the request (null = nothing to load); the source callbacks are read at
 * load time, so they may close over the current render's values.
 */
export function useLiveOrCached<T, L = T>(
  key: string | null,
  offline: boolean,
  source: LiveOrCachedSource<T, L>,
): LiveOrCachedState<T> & { reload(): void } {
  const [state, setState] = useState<LiveOrCachedState<T>>({ status: 'idle' })
  const [nonce, setNonce] = useState(0)
  const latest = useRef(source)
  latest.current = source
  const seq = useRef(0)

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' })
      return
    }
    const mine = ++seq.current
    const current = () => mine === seq.current
    const src = latest.current
    setState((s) => ({ status: 'loading', previous: visibleOf(s) }))

    const fromCache = async (liveError?: SvcError) => {
      const hit = await src.cached().catch(() => undefined)
      if (!current()) return
      if (hit) setState({ status: 'ok', shown: { data: hit.data, fetchedAt: hit.fetchedAt, fromCache: true, liveError } })
      else setState(liveError ? { status: 'error', error: liveError } : { status: 'uncached' })
    }

    void (async () => {
      if (offline) return fromCache()
      const r = await src.live()
      if (!current()) return
      if (!r.ok) {
        if (OUTAGE_KINDS.has(r.error.kind)) return fromCache(r.error)
        setState((s) => ({ status: 'error', error: r.error, previous: visibleOf(s) }))
        return
      }
      await src.save?.(r.value)
      if (!current()) return
      const data = src.shape ? src.shape(r.value.data) : (r.value.data as unknown as T)
      setState({ status: 'ok', shown: { data, fetchedAt: r.value.source.fetchedAt, fromCache: false } })
    })()
  }, [key, offline, nonce])

  const reload = useCallback(() => setNonce((n) => n + 1), [])
  return { ...state, reload }
}

/** The data to draw now: the answer, or while reloading / after a failure the previous one. */
export function visibleOf<T>(s: LiveOrCachedState<T>): Shown<T> | undefined {
  if (s.status === 'ok') return s.shown
  if (s.status === 'loading' || s.status === 'error') return s.previous
  return undefined
}
