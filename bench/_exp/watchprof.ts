import { Session } from 'node:inspector'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { startTsProcess, waitForLine } from '../lib/processes'
import { ProfileStore } from '../../src-main/settings/profiles'
import { createReceiptWatcher } from '../../src-main/watch'
import { createCore } from '../../src-main/bridge/core'
import { EventHub } from '../../src-main/bridge/events'
import { createBridgeHandlers } from '../../src-main/bridge/handlers'
import { startHost } from '../../src-main/host/server'
import { FileKeyStore } from '../../src-main/settings/keystore'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function main() {
  const dataDir = mkdtempSync('/tmp/bx/wp-')
  const simChild = startTsProcess('src-main/simulator/cli.ts', ['--port', '0', '--intents', '2000', '--admin'])
  const [, url] = await waitForLine(simChild.proc.stdout!, /listening on (\S+)/, 60000, 'sim'); simChild.proc.stdout!.resume()
  const simulator = { url, stop: () => simChild.stop(), createIntent: async () => (await (await fetch(`${url}/__sim/createIntent`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"status":"EXECUTING"}' })).json()) as any }
  const profiles = ProfileStore.open(join(dataDir, 'profiles.json')); profiles.setBuiltInSimulatorUrl(simulator.url)
  const events = new EventHub()
  const core = createCore({ runtime: 'host', version: 'x', profiles, keys: FileKeyStore.open(join(dataDir, 'k.json'), {}), events, simulatorUrl: simulator.url,
    makeWatches: (session) => createReceiptWatcher({ session, events, file: join(dataDir, 'watches.json'), maxConcurrent: 256 }) })
  const handlers = createBridgeHandlers(core)
  const host = await startHost({ port: 0, rendererDir: resolve('/work/main/out/renderer'), handlers, events })
  for (let i = 0; i < 200; i++) {
    const r = await simulator.createIntent()
    await handlers.watchIntent({ intentId: r.intentId })
  }
  await sleep(25000)
  const s = new Session(); s.connect()
  const post = (m: string, p?: object) => new Promise<any>((res, rej) => s.post(m, p ?? {}, (e, r) => e ? rej(e) : res(r)))
  await post('Profiler.enable'); await post('Profiler.setSamplingInterval', { interval: 1000 }); await post('Profiler.start')
  const c0 = process.cpuUsage(); const t0 = performance.now()
  await sleep(25000)
  const c = process.cpuUsage(c0)
  const { profile } = await post('Profiler.stop')
  console.log('cpu %', (100 * (c.user + c.system) / 1000 / (performance.now() - t0)).toFixed(2))
  writeFileSync('/tmp/bx/watch.cpuprofile', JSON.stringify(profile))
  await host.stop(); await core.watches.stop(); await simulator.stop()
}
void main()
