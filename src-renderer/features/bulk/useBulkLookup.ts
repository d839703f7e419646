import { useCallback, useRef, useState } from 'react'
import type { BulkKey } from './keys'
import { runPool } from './pool'
import type { KeyOutcome } from './report'
import { resolveOffline, resolveOnline } from './resolve'

/** Keys looked up at once: enough to finish 1,000 keys in a minute or two, few enough to stay inside a rate limit. */
const CONCURRENCY = 4

type BulkOutcome = KeyOutcome & { key: BulkKey }

const IDLE = {
  running: false,
  done: 0,
  total: 0,
  outcomes: [] as BulkOutcome[],
  cancelled: false,
  fromCache: false,
  /** While running: the service asked to wait (Retry-After) and no key starts before this (epoch ms). */
  pausedUntil: undefined as number | undefined,
}
type Shown = typeof IDLE

/** One bulk lookup at a time, with progress and a cancel that keeps what was resolved. */
export function useBulkLookup() {
  const [state, setState] = useState<Shown>(IDLE)
  const controller = useRef<AbortController | null>(null)

  const run = useCallback((keys: BulkKey[], profileId: string, offline: boolean) => {
    controller.current?.abort()
    const c = (controller.current = new AbortController())
    setState({ ...IDLE, running: true, total: keys.length, fromCache: offline })
    const job = (k: BulkKey) => (offline ? resolveOffline(profileId, k) : resolveOnline(profileId, k))
    const mine = (patch: Partial<Shown>) => controller.current === c && setState((s) => ({ ...s, ...patch }))
    void runPool(keys, job, {
      concurrency: offline ? 1 : CONCURRENCY,
      signal: c.signal,
      onSettled: (done) => mine({ done }),
      onPause: (pausedUntil) => mine({ pausedUntil }),
    }).then((results) => {
      if (controller.current !== c) return
      controller.current = null
      const outcomes = keys.flatMap((key, i): BulkOutcome[] => (results[i] ? [{ key, ...results[i] }] : []))
      setState((s) => ({ ...s, running: false, outcomes, cancelled: c.signal.aborted, pausedUntil: undefined }))
    })
  }, [])

  const cancel = useCallback(() => controller.current?.abort(), [])
  return { ...state, run, cancel }
}
