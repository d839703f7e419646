import { join, resolve } from 'node:path'
import { startAppCore } from '../../src-main/bridge/appCore'
import { startHost } from '../../src-main/host/server'
import { FileKeyStore } from '../../src-main/settings/keystore'
import { ROOT } from './processes'
import { startSimulator } from '../../tools/simulator'
import type { IntentRecord } from '../../tools/simulator/records'

export interface RunningApp {
  origin: string
  /** A new single-use link that opens the app (the page trades it for its session); append `#/route` to land on a view. */
  launchUrl(): string
  simulatorUrl: string
  /** The embedded simulator's records and each owner's intent count, to pick what to look up. */
  dataset(): { records: readonly IntentRecord[]; owners: Map<string, number> }
  stop(): Promise<void>
}

/**
 * The real app as the browser host runs it: the main core with the demo behind the
 * built-in profile (the simulator, started here in the same process so its dataset is
 * at hand), profiles and keys in `dataDir`, behind the host serving the built renderer.
 * `port` pins the host's origin (where a prepared cache lives).
 */
export async function startApp(o: { dataDir: string; intents: number; port?: number; admin?: boolean }): Promise<RunningApp> {
  const simulator = await startSimulator({ port: 0, intents: o.intents, admin: o.admin ?? false })
  const appCore = await startAppCore({
    runtime: 'host',
    version: 'bench',
    dataDir: o.dataDir,
    keyStore: FileKeyStore.open(join(o.dataDir, 'access-keys.json'), {}),
    demo: simulator,
  }).catch(async (e: unknown) => {
    await simulator.stop()
    throw e
  })
  try {
    const host = await startHost({ port: o.port ?? 0, rendererDir: resolve(ROOT, 'out/renderer'), handlers: appCore.handlers, events: appCore.events, logos: appCore.logos })
    return {
      origin: host.origin,
      launchUrl: () => host.newLaunchUrl(),
      simulatorUrl: simulator.url,
      dataset: () => ({ records: simulator.dataset.records, owners: simulator.dataset.ownerCounts() }),
      stop: async () => {
        await host.stop()
        await appCore.stop()
        await simulator.stop()
      },
    }
  } catch (e) {
    await appCore.stop()
    await simulator.stop()
    throw e
  }
}
