import type { AppInfo, ConnectionTest, ProfileInput, ProfileView } from '../../src-shared/contract/app'
import { SvcFailure, orElse } from '../../src-shared/contract/errors'
import { SvcClient, type ServiceSession } from '../service/client'
import { runConnectionChecks } from '../service/connectionChecks'
import { CapabilityCache } from '../service/capabilities'
import type { Capabilities } from '../../src-shared/contract/service/extras'
import { noCheckFailed } from '../../src-shared/contract/checks'
import type { KeyStore } from '../settings/keystore'
import { SIMULATOR_PROFILE_ID, type ProfileStore, type Profile } from '../settings/profiles'
import type { WatchControl } from '../../src-shared/contract/watch'
import type { QueryWatchControl } from '../../src-shared/contract/queryWatch'
import type { EventHub } from '../events/hub'
import { isThisMachine, type LogoStore } from '../logos/store'
import type { MarketRecorder } from '../marketHistory/recorder'
import { RECORD_FRAGMENT, redactDeep } from '../service/redact'
import type { Demo } from './demo'
import { demoFetch } from './demoFetch'

/** What the bridge handlers need from the main process, whichever transport serves them. */
export interface Core {
  readonly events: EventHub
  readonly watches: WatchControl
  /** Watched History filters; absent where nothing keeps polling (the command line). */
  readonly queryWatches?: QueryWatchControl
  /** The market recorder; absent where nothing keeps recording (the command line). */
  readonly marketHistory?: MarketRecorder
  activeProfileId(): string
  appInfo(): AppInfo
  session(profileId?: string): ServiceSession
  saveProfile(input: ProfileInput): ProfileView
  removeProfile(id: string): AppInfo
  setActiveProfile(id: string): AppInfo
  setAccessKey(profileId: string, key: string, allowPlainText: boolean): ProfileView
  clearAccessKey(profileId: string): ProfileView
  testConnection(profileId?: string): Promise<ConnectionTest>
  /** What the profile's service answers beyond the spec: probed once per URL and wire form, kept; `refresh` probes again. */
  capabilities(profileId: string, refresh: boolean): Promise<Capabilities>
  /** A service-named logo, fetched once and kept; its path on the page's own origin. */
  logo(url: string): Promise<{ src: string }>
  /** Scrubs every key the app may send from a record leaving main (see `keyRedactor`). */
  redact<T>(value: T): T
}

/** Scrubs keys from a record; what crosses out of main passes through one of these. */
export type Redact = <T>(value: T) => T

export interface CoreDeps {
  runtime: AppInfo['runtime']
  version: string
  profiles: ProfileStore
  keys: KeyStore
  events: EventHub
  /** The demo behind the built-in Simulator profile, loaded when that profile is first used; it answers in process. */
  demo?: Pick<Demo, 'ensure' | 'url' | 'respond'>
  /** Builds the receipt watcher once the core can hand out service sessions. */
  makeWatches: (session: (profileId: string) => ServiceSession) => WatchControl
  /** Builds the query watcher; it may read the intent watcher's global mute. */
  makeQueryWatches?: (session: (profileId: string) => ServiceSession, watches: WatchControl) => QueryWatchControl
  /** Where logos are kept; without one, no logo is fetched. */
  logos?: LogoStore
  /** Builds the market recorder once the core can hand out service sessions. */
  makeMarketHistory?: (session: (profileId: string) => ServiceSession, activeProfileId: () => string) => MarketRecorder
  /** What leaves main through the bridge; `keyRedactor(profiles, keys)` unless given. */
  redact?: Redact
  /** Lets tests shorten timeouts; production uses the client's defaults. */
  clientOptions?: Partial<ConstructorParameters<typeof SvcClient>[0]>
}

/**
 * Where a profile's key may be sent: its URL's origin. The Simulator's URL changes with
 * every run (a free port), and it only ever runs on this machine, so its key is not bound.
 */
export const keyOriginOf = (p: Profile): string | undefined => (p.id === SIMULATOR_PROFILE_ID ? undefined : new URL(p.baseUrl).origin)

/** Fields holding an error (a failed call's, a watch's, a watched filter's): scrubbed with the errors' six-character rule. */
const ERROR_FIELDS: ReadonlySet<string> = new Set(['error'])

/**
 * The one redaction of records leaving main (`redactDeep`): errors lose every run of six
 * characters of a key, other data every run of `RECORD_FRAGMENT`, so hashes and names are
 * not cut by chance.
 */
export const keyRedactor =
  (profiles: ProfileStore, keys: KeyStore): Redact =>
  (value) => {
    // Every key the app may send (each profile's, for its current origin) is what a service
    // could echo back; a key that cannot be decrypted is sent nowhere, so nothing can echo it.
    const inUse = profiles.list().flatMap((p) => orElse(() => keys.get(p.id, keyOriginOf(p)), undefined) ?? [])
    return redactDeep(value, inUse, { fragment: RECORD_FRAGMENT, errorFields: ERROR_FIELDS })
  }

/** A profile as the page sees it: never its key, only whether one is kept for its origin. */
const viewOf = (keys: KeyStore, p: Profile): ProfileView => ({
  id: p.id,
  name: p.name,
  baseUrl: p.baseUrl,
  dialect: p.dialect,
  builtIn: p.id === SIMULATOR_PROFILE_ID,
  hasKey: keys.has(p.id, keyOriginOf(p)),
})

/** Service sessions per profile: one client each, rebuilt when its URL or wire form changes, so connections are reused. */
function serviceSessions(deps: CoreDeps) {
  const { profiles, keys } = deps
  const clients = new Map<string, { baseUrl: string; dialect: string; client: SvcClient }>()
  const clientFor = (profile: Profile): SvcClient => {
    const entry = clients.get(profile.id)
    const dialect = JSON.stringify(profile.dialect)
    if (entry && entry.baseUrl === profile.baseUrl && entry.dialect === dialect) return entry.client
    const client = new SvcClient({
      ...deps.clientOptions,
      // The in-process demo answers the Simulator profile's requests itself: no socket.
      ...(profile.id === SIMULATOR_PROFILE_ID && deps.demo?.respond ? { fetch: demoFetch(deps.demo.respond) } : {}),
      baseUrl: profile.baseUrl,
      dialect: profile.dialect,
      getAccessKey: () => keys.get(profile.id, keyOriginOf(profile)),
    })
    clients.set(profile.id, { baseUrl: profile.baseUrl, dialect, client })
    return client
  }
  const session = (profileId = profiles.activeId()): ServiceSession => {
    const profile = profiles.require(profileId)
    return {
      client: clientFor(profile),
      source: () => ({ profileId: profile.id, baseUrl: profile.baseUrl, simulated: profile.id === SIMULATOR_PROFILE_ID, fetchedAt: Date.now() }),
    }
  }
  return { session, forget: (profileId: string) => clients.delete(profileId) }
}

/** Runs the same checks as `npm run doctor`; not even the chains read means the connection itself fails, with that call's error. */
async function testConnectionOf(session: ServiceSession): Promise<ConnectionTest> {
  const started = Date.now()
  const checks = await runConnectionChecks(session.client)
  const first = checks[0]
  if (first && !first.ok && first.error) throw new SvcFailure(first.error)
  const chains = checks.find((c) => c.operation === 'GetChains')?.count ?? 0
  return { ok: noCheckFailed(checks), chains, ms: Date.now() - started, checks }
}

interface ProfileCommandDeps {
  deps: CoreDeps
  forgetClient: (profileId: string) => void
  /** Tells every window that profiles or keys changed. */
  changed: () => AppInfo
  /** A new key or URL may cure what stopped a watch or a watched query. */
  resumeStopped: (profileId: string) => void
  queryWatches?: QueryWatchControl
}

type ProfileCommands = Pick<Core, 'saveProfile' | 'removeProfile' | 'setActiveProfile' | 'setAccessKey' | 'clearAccessKey'>

function profileCommands({ deps, forgetClient, changed, resumeStopped, queryWatches }: ProfileCommandDeps): ProfileCommands {
  const { profiles, keys } = deps
  return {
    saveProfile: (input) => {
      const before = input.id === undefined ? undefined : profiles.get(input.id)
      const profile = profiles.save(input)
      // A key goes only to the origin it was entered for: pointing the profile elsewhere
      // forgets it, and the person enters it again, knowingly, for the new service.
      if (before && keyOriginOf(before) !== keyOriginOf(profile)) {
        keys.clear(profile.id)
        forgetClient(profile.id)
      }
      const saved = viewOf(keys, profile)
      changed()
      if (input.id) resumeStopped(saved.id)
      return saved
    },
    removeProfile: (id) => {
      profiles.remove(id)
      keys.clear(id)
      forgetClient(id)
      // Its watched filters could only fail from now on, and would hold places under the cap out of sight.
      queryWatches?.forgetProfile(id)
      return changed()
    },
    setActiveProfile: (id) => {
      profiles.setActive(id)
      // The demo starts as it is chosen (a failure shows on its first call, which tries again).
      if (id === SIMULATOR_PROFILE_ID) deps.demo?.ensure().catch(() => undefined)
      return changed()
    },
    setAccessKey: (profileId, key, allowPlainText) => {
      const p = profiles.require(profileId)
      keys.set(p.id, key, { allowPlainText, origin: keyOriginOf(p) })
      changed()
      resumeStopped(p.id)
      return viewOf(keys, p)
    },
    clearAccessKey: (profileId) => {
      const p = profiles.require(profileId)
      keys.clear(p.id)
      changed()
      return viewOf(keys, p)
    },
  }
}

export function createCore(deps: CoreDeps): Core {
  const { profiles, keys, events } = deps
  const { session, forget } = serviceSessions(deps)
  const watches = deps.makeWatches(session)
  const queryWatches = deps.makeQueryWatches?.(session, watches)
  const marketHistory = deps.makeMarketHistory?.(session, () => profiles.activeId())

  const appInfo = (): AppInfo => ({
    version: deps.version,
    runtime: deps.runtime,
    profiles: profiles.list().map((p) => viewOf(keys, p)),
    activeProfileId: profiles.activeId(),
    simulatorUrl: deps.demo?.url(),
    keyStorage: keys.describe(),
    recoveredSettings: (
      [['profiles', profiles.recovered], ['access keys', keys.recovered], ['watch list', watches.recovered], ['watched queries', queryWatches?.recovered]] as const
    ).flatMap(([file, recovery]) => (recovery ? [{ file, ...recovery }] : [])),
  })
  const changed = (): AppInfo => {
    const info = appInfo()
    events.emit({ type: 'appInfo', info })
    return info
  }
  const resumeStopped = (profileId: string) => {
    watches.resumeStopped(profileId)
    queryWatches?.resumeStopped(profileId)
  }

  const capabilityCache = new CapabilityCache()
  return {
    events,
    watches,
    queryWatches,
    marketHistory,
    activeProfileId: () => profiles.activeId(),
    appInfo,
    session,
    ...profileCommands({ deps, forgetClient: forget, changed, resumeStopped, queryWatches }),
    logo: async (url) => {
      if (!deps.logos) throw new SvcFailure({ kind: 'NotFound', operation: 'getLogo', message: 'Logos are not kept in this mode.' })
      // Logos on this machine only for a service on this machine (the Simulator, a local service).
      const service = profiles.require(profiles.activeId())
      const serviceIsLocal = service.id === SIMULATOR_PROFILE_ID || isThisMachine(new URL(service.baseUrl).hostname)
      return { src: await deps.logos.pathFor(url, { serviceIsLocal }) }
    },
    testConnection: async (profileId) => testConnectionOf(session(profileId)),
    capabilities: (profileId, refresh) => {
      const p = profiles.require(profileId)
      // Keyed by where and how the profile calls: a changed URL or wire form is another service.
      return capabilityCache.get(JSON.stringify([p.id, p.baseUrl, p.dialect]), session(profileId).client, refresh)
    },
    redact: deps.redact ?? keyRedactor(profiles, keys),
  }
}
