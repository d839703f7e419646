import { join } from 'node:path'
import { WireDialectSchema } from '../../src-shared/contract/dialect'
import type { KeyStore } from '../settings/keystore'
import { ProfileStore, SIMULATOR_PROFILE_ID } from '../settings/profiles'
import { secureDataDir } from '../settings/jsonFile'
import { LogoStore } from '../logos/store'
import { ReceiptWatcher } from '../watch/watcher'
import type { Notify } from '../watch/notice'
import { QueryWatcher, type QueryNotify } from '../queryWatch/watcher'
import { MarketRecorder } from '../marketHistory/recorder'
import { createCore, keyRedactor, type Core, type CoreDeps } from './core'
import { EventHub } from '../events/hub'
import { createBridgeHandlers, type BridgeHandlers } from './handlers'
import { createDemo, type Demo, type DemoLoader, type DemoOptions, type DemoService } from './demo'

export interface AppCoreOptions {
  runtime: CoreDeps['runtime']
  version: string
  dataDir: string
  /** The key store, or how to open it once the profiles are read (a key given by profile id binds to its origin then). */
  keyStore: KeyStore | ((profiles: ProfileStore) => KeyStore)
  /** Options for the demo behind the built-in "Simulator" profile, started only when that profile is used. */
  simulator?: DemoOptions
  /** A demo already running to use instead (tests start their own, with its admin surface); its owner stops it. */
  demo?: DemoService
  /** How the simulator's module is loaded (tests watch whether it is). */
  loadDemo?: DemoLoader
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
  /** The demo behind the Simulator profile: `url()` once it runs. */
  demo: Demo
  /** Logos kept on disk; the page's origin serves them at `/logos/<name>`. */
  logos: LogoStore
  stop(): Promise<void>
}

/**
 * The main core as both the desktop app and the browser host run it: the profiles and
 * keys, the bridge handlers, and the demo behind the built-in profile, which is loaded
 * and started only while that profile is in use (`demo.ts`).
 */
export async function startAppCore(opts: AppCoreOptions): Promise<AppCore> {
  secureDataDir(opts.dataDir)
  const profiles = ProfileStore.open(join(opts.dataDir, 'profiles.json'))
  // The built-in profile speaks whatever form its demo serves.
  const dialect = WireDialectSchema.parse(opts.simulator?.dialect ?? {})
  let announce = (): void => undefined
  const demo = createDemo({
    options: opts.simulator,
    running: opts.demo,
    load: opts.loadDemo,
    onStarted: () => announce(),
  })
  profiles.setBuiltInSimulatorUrl(demo.baseUrl, dialect)
  // Chosen already: the demo starts with the app, so its first view does not wait for it.
  if (profiles.activeId() === SIMULATOR_PROFILE_ID) await demo.ensure()
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
    demo,
    clientOptions: opts.clientOptions,
    makeWatches: (session) =>
      new ReceiptWatcher({ session, events, file: join(opts.dataDir, 'watches.json'), notify: opts.notify, redact }),
    makeMarketHistory: (session, activeProfileId) =>
      new MarketRecorder({ dir: join(opts.dataDir, 'market-history'), session, activeProfileId, redact }),
    makeQueryWatches: (session, watches) =>
      new QueryWatcher({
        history: (profileId, request, signal) => session(profileId).client.getIntentHistory(request, { signal }),
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
  // A demo started later (the profile chosen in Settings) tells every window its URL.
  announce = () => events.emit({ type: 'appInfo', info: core.appInfo() })
  return {
    core,
    handlers,
    events,
    demo,
    logos,
    stop: async () => {
      await core.watches.stop()
      await core.queryWatches?.stop()
      core.marketHistory?.stop()
      await demo.stop()
    },
  }
}
