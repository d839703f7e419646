import { join } from 'node:path'
import { WireDialectSchema } from '../../src-shared/contract/dialect'
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../tools/simulator'
import type { KeyStore } from '../settings/keystore'
import { ProfileStore } from '../settings/profiles'
import { secureDataDir } from '../settings/jsonFile'
import { LogoStore } from '../logos/store'
import { createReceiptWatcher, type Notify } from '../watch'
import { createQueryWatcher, historyFromSessions, type QueryNotify } from '../queryWatch'
import { createMarketRecorder } from '../marketHistory'
import { createCore, keyRedactor, type Core, type CoreDeps } from './core'
import { EventHub } from '../events/hub'
import { createBridgeHandlers, type BridgeHandlers } from './handlers'

export interface AppCoreOptions {
  runtime: CoreDeps['runtime']
  version: string
  dataDir: string
  /** The key store, or how to open it once the profiles are read (a key given by profile id binds to its origin then). */
  keyStore: KeyStore | ((profiles: ProfileStore) => KeyStore)
  /** Options for the embedded simulator behind the built-in "Simulator" profile. */
  simulator?: SimulatorOptions
  clientOptions?: CoreDeps['clientOptions']
  /** Desktop notifications for finished watches (Electron); the browser host notifies from the page. */
  notify?: Notify
  /** Desktop notifications for what watched queries find (Electron); the browser host notifies from the page. */
  notifyQuery?: QueryNotify
}

export interface AppCore {
  core: Core
  handlers: BridgeHandlers
  events: EventHub
  simulator: RunningSimulator
  /** Logos kept on disk; the page's origin serves them at `/logos/<name>`. */
  logos: LogoStore
  stop(): Promise<void>
}

/**
 * The main core as both the desktop app and the browser host run it: the embedded
 * simulator (the built-in profile), the profiles and keys, and the bridge handlers.
 */
export async function startAppCore(opts: AppCoreOptions): Promise<AppCore> {
  secureDataDir(opts.dataDir)
  const simulator = await startSimulator({ port: 0, ...opts.simulator })
  const profiles = ProfileStore.open(join(opts.dataDir, 'profiles.json'))
  // The built-in profile speaks whatever form its embedded simulator serves.
  profiles.setBuiltInSimulatorUrl(simulator.url, WireDialectSchema.parse(opts.simulator?.dialect ?? {}))
  // Records leave main through the bridge answers, the events and the watch files: all three scrub every key in use.
  const keys = typeof opts.keyStore === 'function' ? opts.keyStore(profiles) : opts.keyStore
  const redact = keyRedactor(profiles, keys)
  const events = new EventHub(redact)
  const logos = new LogoStore(join(opts.dataDir, 'logos'))
  const core = createCore({
    logos,
    runtime: opts.runtime,
    version: opts.version,
    profiles,
    keys,
    events,
    redact,
    simulatorUrl: simulator.url,
    clientOptions: opts.clientOptions,
    makeWatches: (session) =>
      createReceiptWatcher({ session, events, file: join(opts.dataDir, 'watches.json'), notify: opts.notify, redact }),
    makeMarketHistory: (session, activeProfileId) =>
      createMarketRecorder({ dir: join(opts.dataDir, 'market-history'), session, activeProfileId, redact }),
    makeQueryWatches: (session, watches) =>
      createQueryWatcher({
        history: historyFromSessions(session),
        events,
        file: join(opts.dataDir, 'watched-queries.json'),
        redact,
        notify: opts.notifyQuery,
        // Any profile's list carries the one app-wide mute.
        notificationsMuted: () => watches.list('').notificationsMuted,
        // And the one Work-offline pause: while it holds, no watched filter asks the service.
        offline: () => watches.list('').paused,
      }),
  })
  const handlers = createBridgeHandlers(core)
  return {
    core,
    handlers,
    events,
    simulator,
    logos,
    stop: async () => {
      await core.watches.stop()
      await core.queryWatches?.stop()
      core.marketHistory?.stop()
      await simulator.stop()
    },
  }
}
