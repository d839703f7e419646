import { join, resolve } from 'node:path'
import { startAppCore } from '../../src-main/bridge/appCore'
import { startHost } from '../../src-main/host/server'
import { FileKeyStore } from '../../src-main/settings/keystore'
import { ROOT } from './processes'
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
 * The real app as the browser host runs it: the main core with its embedded simulator
 * (the built-in profile), profiles and keys in `dataDir`, behind the host serving the
 * built renderer. `port` pins the host's origin (where a prepared cache lives).
 */
export async function startApp(o: { dataDir: string; intents: number; port?: number; admin?: boolean }): Promise<RunningApp> {
  const appCore = await startAppCore({
    runtime: 'host',
    version: 'bench',
    dataDir: o.dataDir,
    keyStore: FileKeyStore.open(join(o.dataDir, 'access-keys.json'), {}),
    simulator: { intents: o.intents, admin: o.admin ?? false },
  })
  try {
    const host = await startHost({ port: o.port ?? 0, rendererDir: resolve(ROOT, 'out/renderer'), handlers: appCore.handlers, events: appCore.events, logos: appCore.logos })
    return {
      origin: host.origin,
      launchUrl: () => host.newLaunchUrl(),
      simulatorUrl: appCore.simulator.url,
      dataset: () => ({ records: appCore.simulator.dataset.records, owners: appCore.simulator.dataset.ownerCounts() }),
      stop: async () => {
        await host.stop()
        await appCore.stop()
      },
    }
  } catch (e) {
    await appCore.stop()
    throw e
  }
}
