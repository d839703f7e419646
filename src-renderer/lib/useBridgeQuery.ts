import { useCallback, useEffect, useRef, useState } from 'react'
import type { BridgeArgs, BridgeResult } from '@contract/bridge'
import type { BridgeMethodName } from '@contract/channels'
import type { SvcError } from '@contract/errors'
import { call } from './call'

export type QueryState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ok'; data: T }
  | { status: 'error'; error: SvcError; previous?: T }

/**
 * Runs a bridge call whenever its arguments change (compared by value) and drops answers
 * that arrive after newer arguments, so a slow first request never overwrites a fast second.
 */
export function useBridgeQuery<M extends BridgeMethodName>(
  method: M,
  args: BridgeArgs<M> | null,
): QueryState<BridgeResult<M>> & { reload(): void } {
  const [state, setState] = useState<QueryState<BridgeResult<M>>>({ status: 'idle' })
  const [nonce, setNonce] = useState(0)
  const seq = useRef(0)
  const key = args === null ? null : JSON.stringify(args)

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle' })
      return
    }
    const mine = ++seq.current
    setState((s) => ({ status: 'loading', previous: s.status === 'ok' ? s.data : undefined }))
    void call(method, JSON.parse(key) as BridgeArgs<M>).then((r) => {
      if (mine !== seq.current) return
      setState((s) =>
        r.ok
          ? { status: 'ok', data: r.value }
          : { status: 'error', error: r.error, previous: s.status === 'loading' ? s.previous : undefined },
      )
    })
  }, [method, key, nonce])

  const reload = useCallback(() => setNonce((n) => n + 1), [])
  return { ...state, reload }
}
