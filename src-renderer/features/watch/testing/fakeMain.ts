import { vi } from 'vitest'
import type { AppInfo } from '@contract/app'
import type { BridgeMethodName } from '@contract/channels'
import type { Result } from '@contract/errors'
import type { WatchList, WatchState } from '@contract/watch'
import { intentIdOf } from '../../../db/testing'

/**
 * A fake main process for the watch feature's tests: a watch list the bridge methods
 * act on, and a way to push events to the page. Test files mock `data/call` with
 * `fakeCall` and `bridge` with `fakeBridge`. This module must not import the feature's
 * modules: they import `data/call`, whose mock imports this module.
 */

export const PROFILE = 'sim'
export const ID = (n: number) => intentIdOf(n)

export const main = {
  watches: new Map<string, WatchState>(),
  notificationsMuted: false,
  paused: false,
  /** Ids the service says it does not know (GetIntent answers NotFound); every other id exists. */
  unknownIds: new Set<string>(),
  failNext: null as null | { kind: 'Network' | 'NotFound'; message: string },
  /** The revision counter: every state made here, like every change in main, takes the next one. */
  revision: 0,
}

const list = (): WatchList => ({ kind: 'watches', items: [...main.watches.values()], notificationsMuted: main.notificationsMuted, paused: main.paused, revision: main.revision })

/** A watch's state, with the next revision unless `over` gives one. */
export const watchState = (n: number, over: Partial<WatchState> = {}): WatchState => ({
  profileId: PROFILE,
  intentId: ID(n),
  addedAt: Date.now() - 60_000,
  phase: 'polling',
  muted: false,
  revision: ++main.revision,
  ...over,
})

export const fakeCall = vi.fn(async (method: BridgeMethodName, args: unknown): Promise<Result<unknown>> => {
  if (main.failNext) {
    const error = main.failNext
    main.failNext = null
    return { ok: false, error }
  }
  const a = (args ?? {}) as { intentId: string; muted: boolean }
  switch (method) {
    case 'listWatches':
      return { ok: true, value: list() }
    case 'watchIntent': {
      const w = main.watches.get(a.intentId) ?? watchState(0, { intentId: a.intentId, addedAt: Date.now(), phase: 'queued' })
      main.watches.set(a.intentId, w)
      return { ok: true, value: w }
    }
    case 'unwatchIntent':
      return { ok: true, value: { removed: main.watches.delete(a.intentId), revision: ++main.revision } }
    case 'setWatchMuted': {
      const w = { ...main.watches.get(a.intentId)!, muted: a.muted, revision: ++main.revision }
      main.watches.set(a.intentId, w)
      return { ok: true, value: w }
    }
    case 'setNotificationsMuted':
      main.notificationsMuted = a.muted
      return { ok: true, value: { muted: a.muted, revision: ++main.revision } }
    case 'getIntent':
      if (main.unknownIds.has(a.intentId)) return { ok: false, error: { kind: 'NotFound', message: `intent ${a.intentId} not found` } }
      return { ok: true, value: { data: { intent: { intentId: a.intentId } }, source: { profileId: PROFILE, baseUrl: 'http://sim', simulated: true, fetchedAt: Date.now() } } }
    case 'setWatchingPaused':
      main.paused = (args as { paused: boolean }).paused
      return { ok: true, value: { paused: main.paused, revision: ++main.revision } }
    case 'clearFinishedWatches': {
      let removed = 0
      for (const [k, w] of main.watches) if (w.phase === 'done' && main.watches.delete(k)) removed++
      return { ok: true, value: { removed, revision: ++main.revision } }
    }
    case 'setActiveProfile':
      return { ok: true, value: { ...info(), activeProfileId: (args as { id: string }).id } }
    default:
      return { ok: false, error: { kind: 'NotFound', message: `${method}: nothing scripted` } }
  }
})

export { fakeEventBridge as fakeBridge, emitBridgeEvent as emit } from '../../../testing/bridge'

export const info = (runtime: AppInfo['runtime'] = 'host'): AppInfo => ({
  version: 'test',
  runtime,
  profiles: [
    { id: PROFILE, name: 'Simulator', baseUrl: 'http://sim', builtIn: true, hasKey: false },
    { id: 'other', name: 'Other', baseUrl: 'http://other', builtIn: false, hasKey: true },
  ],
  activeProfileId: PROFILE,
  keyStorage: { backend: 'file', encrypted: false },
  recoveredSettings: [],
})

