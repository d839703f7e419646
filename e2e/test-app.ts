import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAppCore, type AppCore, type AppCoreOptions } from '../src-main/bridge/appCore'
import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../tools/simulator'
import type { WireDialect } from '../src-shared/contract/dialect'
import { FileKeyStore } from '../src-main/settings/keystore'
import { startHost, type RunningHost } from '../src-main/host/server'

export interface TestApp {
  /** The app's core, and the simulator the harness started behind its Simulator profile (ground truth and admin). */
  appCore: AppCore & { simulator: RunningSimulator }
  host: RunningHost
  /** Where the main core keeps profiles, keys and watches. */
  dataDir: string
  /** Admin surface of the embedded simulator, e.g. `admin('advance', {...})`. */
  admin<T = unknown>(action: string, body?: unknown): Promise<T>
}

/** Which wire the embedded simulator serves: the spec's, or the deployed service's. */
export type WireForm = 'spec' | 'deployed'

/**
 * A deployed service's wire as the e2e suite serves it: its own RPC name, string big
 * integers, vendor renames, and the deployed catalogue, shapes and enum spellings.
 */
export const DEPLOYED_DIALECT: WireDialect = {
  serviceName: 'Orbit',
  renames: [
    { neutral: 'priceFeedId', wire: 'oracleFeedId' },
    { neutral: 'walletFactoryAddress', wire: 'vendorFactoryAddress' },
  ],
  bigInts: 'string',
}

/** The profile a person would add in Settings for the deployed service. */
export const DEPLOYED_PROFILE_NAME = 'Orbit (deployed form)'

export interface TestAppOptions {
  /** `deployed`: the simulator serves DEPLOYED_DIALECT and the active profile is a saved one carrying it. */
  form?: WireForm
  /** Which of the spec's alternative response shapes the simulator sends. */
  shape?: SimulatorOptions['shape']
  /** Keys the simulator accepts, besides its default `demo-key`. */
  extraAccessKeys?: string[]
  /** Shorter deadlines and backoff for the service client, for tests that wait on failures. */
  clientOptions?: AppCoreOptions['clientOptions']
}

/**
 * The real main core (embedded simulator with its admin surface on, profiles and keys in
 * a fresh folder) behind the real browser host.
 */
export async function startTestApp({ form = 'spec', shape = 'spec', extraAccessKeys = [], clientOptions }: TestAppOptions = {}): Promise<
  TestApp & { stop(): Promise<void> }
> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ie-e2e-'))
  const options: SimulatorOptions = {
    port: 0,
    seed: 1,
    // As the app runs it: the data ends at the real present, so ages and expiries read as they would for a user.
    startAt: Date.now(),
    intents: 2000,
    admin: true,
    waitTimeoutMs: 2000,
    shape,
    accessKeys: ['demo-key', ...extraAccessKeys],
    dialect: form === 'deployed' ? DEPLOYED_DIALECT : undefined,
  }
  // The harness starts the simulator (with its admin surface) and hands it to the app as its demo.
  const simulator = await startSimulator(options)
  const core = await startAppCore({
    runtime: 'host',
    version: 'e2e',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    simulator: options,
    demo: simulator,
    clientOptions,
  })
  const appCore = Object.assign(core, { simulator })
  if (form === 'deployed') useDeployedProfile(appCore)
  const host = await startHost({ port: 0, rendererDir: 'out/renderer', handlers: appCore.handlers, events: appCore.events, logos: appCore.logos })
  const admin = async <T,>(action: string, body: unknown = {}): Promise<T> => {
    const res = await fetch(`${appCore.simulator.url}/__sim/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`simulator admin ${action}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
  return {
    appCore,
    host,
    dataDir,
    admin,
    stop: async () => {
      await host.stop()
      await appCore.stop()
      await simulator.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Adds, keys and activates a profile for the deployed-form simulator as a person would
 * in Settings (name, base URL, wire form, access key), so every call goes through a
 * saved profile's dialect rather than the built-in one.
 */
function useDeployedProfile(appCore: TestApp['appCore']): void {
  const { core, simulator } = appCore
  const profile = core.saveProfile({ name: DEPLOYED_PROFILE_NAME, baseUrl: simulator.url, dialect: DEPLOYED_DIALECT })
  // The e2e key store is a plain file in a throwaway folder.
  core.setAccessKey(profile.id, 'demo-key', true)
  core.setActiveProfile(profile.id)
}
