import { useCallback, useRef, useState } from 'react'
import type { SvcError } from '@contract/errors'
import { readHistory } from '../../data/paging'
import { WINDOW_MS, type StatsWindow } from '../../lib/routeStats'

/** Most intents one "fetch" reads: statistics need a sample, not the whole service. */
export const FETCH_CAP = 10_000

type FetchOutcome = { outcome: 'complete' | 'cap' | 'cancelled' | 'error'; read: number; error?: SvcError }

/**
 * One "fetch the window into the cache" at a time, with progress and a cancel. Each page is
 * written through, so a cancel or an error keeps what was read; the entries are filed at
 * the end so the statistics (`onDone` recomputes them) see every one at once.
 */
export function useFetchWindow(onDone: () => void) {
  const [state, setState] = useState<{ running: boolean; read: number; last?: FetchOutcome }>({ running: false, read: 0 })
  const controller = useRef<AbortController | null>(null)
  const start = useCallback(
    (window: StatsWindow) => {
      if (controller.current) return
      const c = (controller.current = new AbortController())
      setState({ running: true, read: 0 })
      const span = WINDOW_MS[window]
      let read = 0
      const onPage = (entries: readonly unknown[]) => setState((s) => ({ ...s, read: (read += entries.length) }))
      const query = { fromTime: span === undefined ? undefined : Math.floor((Date.now() - span) / 1000) }
      void readHistory(query, { cap: FETCH_CAP, pageSize: 100, signal: c.signal, filed: true, onPage }).then((r) => {
        controller.current = null
        setState({ running: false, read, last: { outcome: r.outcome, read, error: r.error } })
        onDone()
      })
    },
    [onDone],
  )
  const cancel = useCallback(() => controller.current?.abort(), [])
  return { ...state, error: state.last?.error, start, cancel }
}

export type FetchState = ReturnType<typeof useFetchWindow>
