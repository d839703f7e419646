import { vi } from 'vitest'
import type { DataSource } from '@contract/app'
import type { BridgeEvent } from '@contract/bridge'
import type { BridgeMethodName } from '@contract/channels'
import type { Result, SvcError } from '@contract/errors'

/**
 * Scripted bridge answers for view tests: each test file mocks the `call` module with
 * `fakeCall` and scripts the methods it needs in `answers`. Nothing here may import a
 * module that imports `call`: the mock's factory imports this file, so that would wait
 * on itself.
 */

export const PROFILE = 'sim'
export const source = (fetchedAt = Date.now()): DataSource => ({ profileId: PROFILE, baseUrl: 'http://sim', simulated: true, fetchedAt })

export type Responder = (args: never) => Result<unknown> | Promise<Result<unknown>>
export const answers = new Map<BridgeMethodName, Responder>()

export const okFetched = (data: unknown, fetchedAt?: number): Result<unknown> => ({ ok: true, value: { data, source: source(fetchedAt) } })
export const failure = (kind: SvcError['kind'], message = `${kind} happened`): Result<unknown> => ({ ok: false, error: { kind, message } })

/** The mocked `call`: scripted answers, and quiet defaults for what every page asks. */
export const fakeCall = vi.fn(async (method: BridgeMethodName, args: unknown): Promise<Result<unknown>> => {
  const answer = answers.get(method)
  if (answer) return answer(args as never)
  if (method === 'listWatches') return { ok: true, value: { kind: 'watches', revision: 0, items: [], notificationsMuted: false, paused: false } }
  if (method === 'getChains') return okFetched({ chains: [] })
  return failure('NotFound', `${method}: nothing scripted`)
})

/** The arguments of every call of one method, in order. */
export const callsOf = (method: BridgeMethodName): unknown[] => fakeCall.mock.calls.filter((c) => c[0] === method).map((c) => c[1])

const listeners = new Set<(e: BridgeEvent) => void>()
/** The mocked `bridge` for tests that push events: `vi.mock('…/bridge', async () => ({ bridge: (await import('…/testing/bridge')).fakeEventBridge }))`. */
export const fakeEventBridge = {
  subscribe: (l: (e: BridgeEvent) => void) => {
    listeners.add(l)
    return () => listeners.delete(l)
  },
}
/** Delivers an event to the page's subscribers as the main process would. */
export const emitBridgeEvent = (event: BridgeEvent): void => listeners.forEach((l) => l(event))
