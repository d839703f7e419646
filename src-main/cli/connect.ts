import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { SvcFailure } from '../../src-shared/contract/errors'
import { createCore, keyOriginOf, type Core } from '../bridge/core'
import { EventHub } from '../events/hub'
import { createDemo } from '../bridge/demo'
import { defaultDataDir } from '../settings/jsonFile'
import { FileKeyStore, type KeyStore } from '../settings/keystore'
import { CLI_KEY_ENV, httpOrigin, profileOrigins } from '../settings/envKey'
import { ProfileStore, SIMULATOR_PROFILE_ID, type Profile } from '../settings/profiles'
import { ReceiptWatcher } from '../watch/watcher'
import type { Target } from './args'

export interface Connection {
  core: Core
  profileId: string
  /** "Production (https://…)" or "Simulator (simulated data)", for messages. */
  label: string
  stop(): Promise<void>
}

export interface ConnectOptions {
  target: Target
  dataDir?: string
  env: Record<string, string | undefined>
  /** Size of the demo when the Simulator profile is used (the app's default). */
  simulatorIntents?: number
}

/**
 * The app's key store with the environment's key as a fallback, confined as the host
 * confines its own (`settings/envKey.ts`): a saved key wins, the environment's goes only
 * to its origin and never to the Simulator; the command line changes no saved key.
 */
const readOnly = (inner: KeyStore): KeyStore => ({
  has: (profileId, origin) => inner.has(profileId, origin),
  get: (profileId, origin) => inner.get(profileId, origin),
  set: () => {
    throw new SvcFailure({ kind: 'InvalidArgument', message: 'The command line does not change saved keys; use Settings in the app.' })
  },
  clear: () => {},
  describe: () => inner.describe(),
})

/** No key for the profile: says where its service is, so a look-alike profile shows for what it is, and how to confine the key to it. */
function noKeyFor(profile: Profile, refusals: string[]): SvcFailure {
  const origin = new URL(profile.baseUrl).origin
  const why = refusals.length ? ` ${refusals.join(' ')}` : ''
  return new SvcFailure({
    kind: 'Unauthorized',
    message:
      `No access key is readable for profile “${profile.name}” at ${origin} (keys the desktop app encrypted cannot be read here).${why} ` +
      `To use ${CLI_KEY_ENV.key} for it, set ${CLI_KEY_ENV.origin}=${origin} (or ${CLI_KEY_ENV.profile}=${profile.id}) once you are sure that is the service the key is for.`,
  })
}

function findProfile(profiles: ProfileStore, name: string | undefined): Profile {
  if (name === undefined) return profiles.get(profiles.activeId())!
  const byId = profiles.get(name)
  if (byId) return byId
  const byName = profiles.list().filter((p) => p.name.toLowerCase() === name.toLowerCase())
  if (byName.length === 1) return byName[0]
  const known = profiles.list().map((p) => `“${p.name}”`).join(', ')
  throw new SvcFailure({
    kind: 'NotFound',
    message: byName.length > 1 ? `More than one profile is called “${name}”: give its id instead.` : `There is no profile “${name}”. Profiles: ${known}.`,
  })
}

/**
 * Builds the app's own main core (profiles, keys, service client, receipt watcher) for
 * one command. The watcher keeps its list in a scratch folder, so a CLI watch never
 * appears on, or disturbs, the app's watch board.
 */
export async function connect(opts: ConnectOptions): Promise<Connection> {
  const envKey = opts.env[CLI_KEY_ENV.key]?.trim() || undefined
  const refusals: string[] = []
  const scratch = mkdtempSync(join(tmpdir(), 'intent-explorer-cli-'))
  const demo = createDemo({ options: { intents: opts.simulatorIntents ?? 2000, startAt: Date.now() } })
  try {
    let profiles: ProfileStore
    let saved: KeyStore
    if (opts.target.kind === 'url') {
      if (!envKey) throw new SvcFailure({ kind: 'Unauthorized', message: `Set ${CLI_KEY_ENV.key} to the service's access key to use --base-url.` })
      profiles = ProfileStore.open(join(scratch, 'profiles.json'))
      profiles.setActive(profiles.save({ name: 'Command line', baseUrl: opts.target.baseUrl, dialect: opts.target.dialect }).id)
      // The URL on the command line is where the person says the key belongs.
      const env = { [CLI_KEY_ENV.key]: envKey, [CLI_KEY_ENV.origin]: httpOrigin(opts.target.baseUrl) }
      saved = FileKeyStore.open(join(scratch, 'access-keys.json'), env, undefined, { names: CLI_KEY_ENV })
    } else {
      const dataDir = resolve(opts.dataDir ?? defaultDataDir(opts.env))
      profiles = ProfileStore.open(join(dataDir, 'profiles.json'))
      saved = FileKeyStore.open(join(dataDir, 'access-keys.json'), opts.env, (m) => refusals.push(m), {
        names: CLI_KEY_ENV,
        profileOrigin: profileOrigins(profiles),
      })
    }
    const profile = findProfile(profiles, opts.target.kind === 'profile' ? opts.target.name : undefined)
    // The demo is loaded only for the Simulator profile.
    if (profile.id === SIMULATOR_PROFILE_ID) {
      profiles.setBuiltInSimulatorUrl(demo.baseUrl)
      await demo.ensure()
    }
    const keys = readOnly(saved)
    if (!keys.has(profile.id, keyOriginOf(profile))) throw noKeyFor(profile, refusals)
    const events = new EventHub()
    const core = createCore({
      runtime: 'host',
      version: 'cli',
      profiles,
      keys,
      events,
      demo,
      makeWatches: (session) => new ReceiptWatcher({ session, events, file: join(scratch, 'watches.json'), log: () => {} }),
    })
    const label = profile.id === SIMULATOR_PROFILE_ID ? 'Simulator (simulated data)' : `${profile.name} (${profile.baseUrl})`
    const stop = async () => {
      await core.watches.stop()
      await demo.stop()
      rmSync(scratch, { recursive: true, force: true })
    }
    return { core, profileId: profile.id, label, stop }
  } catch (e) {
    await demo.stop()
    rmSync(scratch, { recursive: true, force: true })
    throw e
  }
}
