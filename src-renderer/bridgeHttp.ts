import type { BridgeCallOptions, BridgeEvent, SvcBridge } from '@contract/bridge'
import { abortedResult } from '@contract/errors'
import { BRIDGE_METHOD_NAMES } from '@contract/channels'
import { fail, type Result } from '@contract/errors'
import { obtainHostSession } from './hostSession'
import { answerDecoder } from './bridgeDecode'

/** The worker that parses large answers (see `bridgeDecode.ts`); Vite bundles it as its own chunk. */
const decodeWorker = () => new Worker(new URL('./bridgeDecode.worker.ts', import.meta.url), { type: 'module', name: 'bridge-decode' })

/**
 * The browser host's side of the bridge: the same named methods as `window.svc`, sent
 * as `POST /bridge/<method>` with the tab's session credential (see `hostSession.ts`),
 * and events read from one shared server-sent event stream. A call's `signal` aborts its
 * request (the host then abandons the call) and the call resolves as `Aborted`, its
 * answer unread. A large answer is parsed off the window's thread (`bridgeDecode.ts`).
 */
export function createHttpBridge(
  fetchImpl: typeof fetch = (...a) => fetch(...a),
  session: Promise<string | undefined> = obtainHostSession(fetchImpl),
  decode: (res: Response) => Promise<unknown> = answerDecoder(decodeWorker),
): SvcBridge {
  const bridge: Record<string, unknown> = {}
  for (const name of BRIDGE_METHOD_NAMES) {
    bridge[name] = async (args: unknown, opts?: BridgeCallOptions): Promise<Result<unknown>> => {
      const signal = opts?.signal
      let res: Response
      try {
        const credential = await session
        if (signal?.aborted) return abortedResult(name)
        res = await fetchImpl(`/bridge/${name}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(credential && { Authorization: `Bearer ${credential}` }) },
          credentials: 'omit',
          body: JSON.stringify(args ?? {}),
          signal,
        })
      } catch {
        if (signal?.aborted) return abortedResult(name)
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
          message: 'The app host does not recognise this tab: open the link it printed when it last started (each link works once).',
        })
      try {
        const answer = (await decode(res)) as Result<unknown>
        return signal?.aborted ? abortedResult(name) : answer
      } catch {
        if (signal?.aborted) return abortedResult(name)
        return fail({ kind: 'Internal', operation: name, status: res.status, message: `The app host answered ${res.status} to ${name}` })
      }
    }
  }

  const listeners = new Set<(e: BridgeEvent) => void>()
  let source: EventSource | null = null
  let opening = false
  const open = async () => {
    opening = true
    const credential = await session
    opening = false
    // Everyone may have unsubscribed while the credential was on its way. A page without
    // EventSource (jsdom in unit tests) has no event stream to follow.
    if (listeners.size === 0 || source || typeof EventSource === 'undefined') return
    source = new EventSource(`/bridge/events${credential ? `?session=${encodeURIComponent(credential)}` : ''}`)
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
  bridge.subscribe = (listener: (e: BridgeEvent) => void) => {
    listeners.add(listener)
    if (!source && !opening) void open()
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
