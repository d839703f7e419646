import type { PreloadSvc, SvcBridge } from '@contract/bridge'
import { abortedResult } from '@contract/errors'
import { BRIDGE_METHOD_NAMES } from '@contract/channels'
import type { Result } from '@contract/errors'

type RawMethod = (args: unknown, callId?: string) => Promise<Result<unknown>>

/**
 * Electron's side of the bridge: `window.svc` as the preload exposes it, with cancelling.
 * An AbortSignal cannot cross into the preload, so a call with a signal carries a call id
 * of its own; when the signal aborts, the call resolves at once as `Aborted` and the id
 * goes to main on the cancel channel, which abandons the call's work and its service
 * request. Main's answer, when it comes, is dropped.
 */
export function wrapPreload(svc: PreloadSvc): SvcBridge {
  let calls = 0
  const bridge: Record<string, unknown> = { subscribe: svc.subscribe }
  for (const name of BRIDGE_METHOD_NAMES) {
    const raw = svc[name] as RawMethod
    bridge[name] = (args: unknown, opts?: { signal?: AbortSignal }): Promise<Result<unknown>> => {
      const signal = opts?.signal
      if (!signal) return raw(args)
      if (signal.aborted) return Promise.resolve(abortedResult(name))
      const callId = `c${++calls}`
      return new Promise((resolve) => {
        const onAbort = () => {
          svc.cancel(callId)
          resolve(abortedResult(name))
        }
        signal.addEventListener('abort', onAbort, { once: true })
        void raw(args, callId).then((r) => {
          signal.removeEventListener('abort', onAbort)
          resolve(r)
        })
      })
    }
  }
  return bridge as SvcBridge
}
