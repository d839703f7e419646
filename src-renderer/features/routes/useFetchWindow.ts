import { useRef, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { readHistory } from '../../data/paging'
import { WINDOW_MS, type StatsWindow } from '../../lib/routeStats'

/** Most intents one "fetch" reads: statistics need a sample, not the whole service. */
export const FETCH_CAP = 10_000

/**
 * One "fetch the window into the cache" at a time, as a mutation, with progress and a
 * cancel. Each page is written through, so a cancel or an error keeps what was read; the
 * entries are filed at the end so the statistics (`onDone` recomputes them) see every
 * one at once.
 */
export function useFetchWindow(onDone: () => void) {
  const [read, setRead] = useState(0)
  const controller = useRef<AbortController | null>(null)
  const run = useMutation({
    mutationFn: async (window: StatsWindow) => {
      const { signal } = (controller.current = new AbortController())
      setRead(0)
      let n = 0
      const onPage = (entries: readonly unknown[]) => setRead((n += entries.length))
      const span = WINDOW_MS[window]
      const query = { fromTime: span === undefined ? undefined : Math.floor((Date.now() - span) / 1000) }
      const r = await readHistory(query, { cap: FETCH_CAP, pageSize: 100, signal, filed: true, onPage })
      return { outcome: r.outcome, read: n, error: r.error }
    },
    onSettled: () => {
      controller.current = null
      onDone()
    },
  })
  const start = (window: StatsWindow) => {
    if (!controller.current) run.mutate(window)
  }
  return { running: run.isPending, read, last: run.data, error: run.data?.error, start, cancel: () => controller.current?.abort() }
}

export type FetchState = ReturnType<typeof useFetchWindow>
