import type { AppInfo, ConnectionTest, ProfileInput, ProfileView } from '../../src-shared/contract/app'
import { SvcFailure } from '../../src-shared/contract/errors'
import { SvcClient } from '../service/client'
import type { ServiceSession } from '../service/session'
import { runConnectionChecks } from '../service/connectionChecks'
import type { KeyStore } from '../settings/keystore'
import { SIMULATOR_PROFILE_ID, type ProfileStore, type Profile } from '../settings/profiles'
import type { WatchControl } from '../../src-shared/contract/watch'
import type { QueryWatchControl } from '../../src-shared/contract/queryWatch'
import type { EventHub } from '../events/hub'
import type { LogoStore } from '../logos/store'

export type { ServiceSession }

/** What the bridge handlers need from the main process, whichever transport serves them. */
export interface Core {
  readonly events: EventHub
  readonly watches: WatchControl
  /** Watched History filters; absent where nothing keeps polling (the command line). */
  readonly queryWatches?: QueryWatchControl
  activeProfileId(): string
  appInfo(): AppInfo
  session(profileId?: string): ServiceSession
  saveProfile(input: ProfileInput): ProfileView
  removeProfile(id: string): AppInfo
  setActiveProfile(id: string): AppInfo
  setAccessKey(profileId: string, key: string, allowPlainText: boolean): ProfileView
  clearAccessKey(profileId: string): ProfileView
  testConnection(profileId?: string): Promise<ConnectionTest>
  /** A service-named logo, fetched once and kept; its path on the page's own origin. */
  logo(url: string): Promise<{ src: string }>
}

export interface CoreDeps {
  runtime: AppInfo['runtime']
  version: string
  profiles: ProfileStore
  keys: KeyStore
  events: EventHub
  simulatorUrl?: string
  /** Builds the receipt watcher once the core can hand out service sessions. */
  makeWatches: (session: (profileId: string) => ServiceSession) => WatchControl
  /** Builds the query watcher; it may read the intent watcher's global mute. */
  makeQueryWatches?: (session: (profileId: string) => ServiceSession, watches: WatchControl) => QueryWatchControl
  /** Where logos are kept; without one, no logo is fetched. */
  logos?: LogoStore
  /** Lets tests shorten timeouts; production uses the client's defaults. */
  clientOptions?: Partial<ConstructorParameters<typeof SvcClient>[0]>
}

/**
 * Where a profile's key may be sent: its URL's origin. The Simulator's URL changes with
 * every run (a free port), and it only ever runs on this machine, so its key is not bound.
 */
export const keyOriginOf = (p: Profile): string | undefined => (p.id === SIMULATOR_PROFILE_ID ? undefined : new URL(p.baseUrl).origin)

export function createCore(deps: CoreDeps): Core {
  const { profiles, keys, events } = deps
  // One client per profile, rebuilt when its URL changes, so connections are reused.
  const clients = new Map<string, { baseUrl: string; dialect: string; client: SvcClient }>()

  const view = (p: Profile): ProfileView => ({
    id: p.id,
    name: p.name,
    baseUrl: p.baseUrl,
    dialect: p.dialect,
    builtIn: p.id === SIMULATOR_PROFILE_ID,
    hasKey: keys.has(p.id, keyOriginOf(p)),
  })

  const profileOrFail = (id: string): Profile => {
    const p = profiles.get(id)
    if (!p) throw new SvcFailure({ kind: 'NotFound', message: `There is no profile “${id}” any more. Pick one in Settings.` })
    return p
  }

  const appInfo = (): AppInfo => ({
    version: deps.version,
    runtime: deps.runtime,
    profiles: profiles.list().map(view),
    activeProfileId: profiles.activeId(),
    simulatorUrl: deps.simulatorUrl,
    keyStorage: keys.describe(),
    recoveredSettings: [
      ...(profiles.recovered ? [{ file: 'profiles' as const, ...profiles.recovered }] : []),
      ...(keys.recovered ? [{ file: 'access keys' as const, ...keys.recovered }] : []),
      ...(watches.recovered ? [{ file: 'watch list' as const, ...watches.recovered }] : []),
      ...(queryWatches?.recovered ? [{ file: 'watched queries' as const, ...queryWatches.recovered }] : []),
    ],
  })

  const changed = (): AppInfo => {
    const info = appInfo()
    events.emit({ type: 'appInfo', info })
    return info
  }

  const session = (profileId = profiles.activeId()): ServiceSession => {
    const profile = profileOrFail(profileId)
    let entry = clients.get(profile.id)
    const dialect = JSON.stringify(profile.dialect)
    if (!entry || entry.baseUrl !== profile.baseUrl || entry.dialect !== dialect) {
      entry = {
        baseUrl: profile.baseUrl,
        dialect,
        client: new SvcClient({
          ...deps.clientOptions,
          baseUrl: profile.baseUrl,
          dialect: profile.dialect,
          getAccessKey: () => keys.get(profile.id, keyOriginOf(profile)),
        }),
      }
      clients.set(profile.id, entry)
    }
    return {
      client: entry.client,
      source: () => ({
        profileId: profile.id,
        baseUrl: profile.baseUrl,
        simulated: profile.id === SIMULATOR_PROFILE_ID,
        fetchedAt: Date.now(),
      }),
    }
  }

  const watches = deps.makeWatches(session)
  const queryWatches = deps.makeQueryWatches?.(session, watches)
  /** A new key or URL may cure what stopped a watch or a watched query. */
  const resumeStopped = (profileId: string) => {
    watches.resumeStopped(profileId)
    queryWatches?.resumeStopped(profileId)
  }

  return {
    events,
    watches,
    queryWatches,
    activeProfileId: () => profiles.activeId(),
    appInfo,
    session,
    saveProfile: (input) => {
      const before = input.id === undefined ? undefined : profiles.get(input.id)
      const profile = profiles.save(input)
      // A key goes only to the origin it was entered for: pointing the profile elsewhere
      // forgets it, and the person enters it again, knowingly, for the new service.
      if (before && keyOriginOf(before) !== keyOriginOf(profile)) {
        keys.clear(profile.id)
        clients.delete(profile.id)
      }
      const saved = view(profile)
      changed()
      // A new URL may cure what stopped a watch (an unknown intent, a refused key).
      if (input.id) resumeStopped(saved.id)
      return saved
    },
    removeProfile: (id) => {
      profiles.remove(id)
      keys.clear(id)
      clients.delete(id)
      // Its watched filters could only fail from now on, and would hold places under the cap out of sight.
      queryWatches?.forgetProfile(id)
      return changed()
    },
    setActiveProfile: (id) => {
      profileOrFail(id)
      profiles.setActive(id)
      return changed()
    },
    setAccessKey: (profileId, key, allowPlainText) => {
      const p = profileOrFail(profileId)
      keys.set(p.id, key, { allowPlainText, origin: keyOriginOf(p) })
      changed()
      resumeStopped(p.id)
      return view(p)
    },
    clearAccessKey: (profileId) => {
      const p = profileOrFail(profileId)
      keys.clear(p.id)
      changed()
      return view(p)
    },
    logo: async (url) => {
      if (!deps.logos) throw new SvcFailure({ kind: 'NotFound', operation: 'getLogo', message: 'Logos are not kept in this mode.' })
      return { src: await deps.logos.pathFor(url) }
    },
    testConnection: async (profileId) => {
      const started = Date.now()
      const checks = await runConnectionChecks(session(profileId).client)
      // Not even the chains could be read: the connection itself fails, with that call's error.
      const first = checks[0]
      if (first && !first.ok && first.error) throw new SvcFailure(first.error)
      const chains = checks.find((c) => c.operation === 'GetChains')?.count ?? 0
      return { ok: checks.every((c) => c.ok), chains, ms: Date.now() - started, checks }
    },
  }
}
