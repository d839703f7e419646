import { useCallback, useRef, useState } from 'react'
import type { SvcError } from '@contract/errors'
import { readHistory } from '../../data/paging'
import { WINDOW_MS, type StatsWindow } from '../../lib/routeStats'

/** Most intents one "fetch" reads: statistics need a sample, not the whole service. */
export const FETCH_CAP = 10_000
const PAGE_SIZE = 100

type FetchOutcome = { outcome: 'complete' | 'cap' | 'cancelled'; read: number } | { outcome: 'error'; read: number; error: SvcError }

export interface FetchState {
  running: boolean
  read: number
  last?: FetchOutcome
  error?: SvcError
  start(window: StatsWindow): void
  cancel(): void
}

/**
 * Reads GetIntentHistory of the window (newest first) into the cache, page by page,
 * until the list ends, the cap is reached or the caller cancels; every page is written
 * through as it arrives, so a cancel or an error keeps what was read. The entries are
 * filed at the end (`filed`) so the statistics see every one at once.
 */
async function fetchWindowIntoCache(window: StatsWindow, signal: AbortSignal, onProgress: (read: number) => void): Promise<FetchOutcome> {
  const span = WINDOW_MS[window]
  let read = 0
  const r = await readHistory(
    { fromTime: span === undefined ? undefined : Math.floor((Date.now() - span) / 1000) },
    { cap: FETCH_CAP, pageSize: PAGE_SIZE, signal, filed: true, onPage: (entries) => onProgress((read += entries.length)) },
  )
  return r.outcome === 'error' ? { outcome: 'error', read, error: r.error! } : { outcome: r.outcome, read }
}

/** Runs one "fetch the window into the cache" at a time, with progress and a cancel; `onDone` recomputes. */
export function useFetchWindow(onDone: () => void): FetchState {
  const [state, setState] = useState<{ running: boolean; read: number; last?: FetchOutcome }>({ running: false, read: 0 })
  const controller = useRef<AbortController | null>(null)
  const start = useCallback(
    (window: StatsWindow) => {
      if (controller.current) return
      const c = (controller.current = new AbortController())
      setState({ running: true, read: 0 })
      void fetchWindowIntoCache(window, c.signal, (read) => setState((s) => ({ ...s, read }))).then((last) => {
        controller.current = null
        setState({ running: false, read: last.read, last })
        onDone()
      })
    },
    [onDone],
  )
  const cancel = useCallback(() => controller.current?.abort(), [])
  return { ...state, error: state.last?.outcome === 'error' ? state.last.error : undefined, start, cancel }
}
