import type { BridgeEvent, SvcBridge } from '@contract/bridge'
import { BRIDGE_METHOD_NAMES } from '@contract/channels'
import { fail, type Result } from '@contract/errors'

/**
 * The browser host's side of the bridge: the same named methods as `window.svc`, sent
 * as `POST /bridge/<method>` (the host's cookie authenticates the tab), and events read
 * from one shared server-sent event stream.
 */
export function createHttpBridge(fetchImpl: typeof fetch = (...a) => fetch(...a)): SvcBridge {
  const bridge: Record<string, unknown> = {}
  for (const name of BRIDGE_METHOD_NAMES) {
    bridge[name] = async (args: unknown): Promise<Result<unknown>> => {
      let res: Response
      try {
        res = await fetchImpl(`/bridge/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify(args ?? {}),
        })
      } catch {
        return fail({
          kind: 'Network',
          operation: name,
          message: 'Lost contact with the app host. Is `npm start` (or `npm run host`) still running?',
        })
      }
      if (res.status === 401)
        return fail({
          kind: 'Unauthorized',
          operation: name,
          message: 'The app host no longer recognises this tab: open the URL it printed when it started.',
        })
      try {
        return (await res.json()) as Result<unknown>
      } catch {
        return fail({ kind: 'Internal', operation: name, status: res.status, message: `The app host answered ${res.status} to ${name}` })
      }
    }
  }

  const listeners = new Set<(e: BridgeEvent) => void>()
  let source: EventSource | null = null
  bridge.subscribe = (listener: (e: BridgeEvent) => void) => {
    listeners.add(listener)
    if (!source) {
      source = new EventSource('/bridge/events')
      source.onmessage = (msg) => {
        let event: BridgeEvent
        try {
          event = JSON.parse(msg.data as string) as BridgeEvent
        } catch {
          return
        }
        for (const l of listeners) l(event)
      }
    }
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0 && source) {
        source.close()
        source = null
      }
    }
  }
  return bridge as SvcBridge
}
