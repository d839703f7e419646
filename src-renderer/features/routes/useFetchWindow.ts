import { useCallback, useRef, useState } from 'react'
import type { SvcError } from '@contract/errors'
import { fetchWindowIntoCache, type FetchOutcome } from './fetchWindow'

export interface FetchState {
  running: boolean
  read: number
  last?: FetchOutcome
  error?: SvcError
  start(fromSeconds: number | undefined): void
  cancel(): void
}

/** Runs one "fetch the window into the cache" at a time, with progress and a cancel; `onDone` recomputes. */
export function useFetchWindow(onDone: () => void): FetchState {
  const [state, setState] = useState<{ running: boolean; read: number; last?: FetchOutcome }>({ running: false, read: 0 })
  const controller = useRef<AbortController | null>(null)
  const start = useCallback(
    (fromSeconds: number | undefined) => {
      if (controller.current) return
      const c = (controller.current = new AbortController())
      setState({ running: true, read: 0 })
      void fetchWindowIntoCache(fromSeconds, c.signal, (p) => setState((s) => ({ ...s, read: p.read }))).then((last) => {
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
