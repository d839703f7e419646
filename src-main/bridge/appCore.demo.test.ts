import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppInfo } from '../../src-shared/contract/app'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { FileKeyStore } from '../settings/keystore'
import { SIMULATOR_PROFILE_ID } from '../settings/profiles'
import { startAppCore, type AppCore } from './appCore'
import { IN_PROCESS_DEMO_ORIGIN } from '../../src-shared/contract/app'
import { loadSimulator } from './demo'

/**
 * The demo behind the built-in Simulator profile is loaded only while that profile is
 * used, and answers in this process: with a real service active the app starts without
 * the simulator's module, and with the demo in use no socket of its own listens.
 */

/** Listening TCP servers of this process. */
const listening = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length

let real: RunningSimulator
const dirs: string[] = []
const apps: AppCore[] = []

beforeAll(async () => {
  // "Real" here is a service the test runs, reached through a saved profile like any other.
  real = await startSimulator({ seed: 2, intents: 20 })
})
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.stop()))
})
afterAll(async () => {
  await real.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

async function start(activeProfileId: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ie-demo-'))
  dirs.push(dataDir)
  writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId, profiles: [{ id: 'real', name: 'Real', baseUrl: real.url }] }))
  const load = vi.fn(loadSimulator)
  const before = listening()
  const app = await startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    simulator: { seed: 1, intents: 30 },
    loadDemo: load,
  })
  apps.push(app)
  return { app, load, opened: () => listening() - before }
}

describe('the demo behind the Simulator profile', () => {
  it('is neither loaded nor listening while a real service is active, calls to it included', async () => {
    const { app, load, opened } = await start('real')
    await expect(app.handlers.setAccessKey({ profileId: 'real', key: 'demo-key', allowPlainText: true })).resolves.toMatchObject({ ok: true })
    expect(await app.handlers.testConnection({ profileId: 'real' })).toMatchObject({ ok: true, value: { ok: true } })
    expect(await app.handlers.getChains({})).toMatchObject({ ok: true })
    expect(load).not.toHaveBeenCalled()
    expect(app.demo.url()).toBeUndefined()
    expect(app.core.appInfo().simulatorUrl).toBeUndefined()
    expect(opened()).toBe(0)
  })

  it('loads when the Simulator profile is chosen, answers in process, and tells the windows', async () => {
    const { app, load, opened } = await start('real')
    const infos: AppInfo[] = []
    app.events.on((e) => void (e.type === 'appInfo' && infos.push(e.info)))
    await app.handlers.setActiveProfile({ id: SIMULATOR_PROFILE_ID })
    expect(await app.handlers.testConnection({ profileId: SIMULATOR_PROFILE_ID })).toMatchObject({ ok: true, value: { ok: true } })
    expect(load).toHaveBeenCalledTimes(1)
    expect(app.demo.url()).toBe(IN_PROCESS_DEMO_ORIGIN)
    expect(opened()).toBe(0)
    expect(infos.at(-1)).toMatchObject({ activeProfileId: SIMULATOR_PROFILE_ID, simulatorUrl: IN_PROCESS_DEMO_ORIGIN })
    expect(app.core.appInfo().profiles.find((p) => p.id === SIMULATOR_PROFILE_ID)?.baseUrl).toBe(IN_PROCESS_DEMO_ORIGIN)
    // Back to the real service and again to the demo: the one demo keeps its data.
    await app.handlers.setActiveProfile({ id: 'real' })
    await app.handlers.setActiveProfile({ id: SIMULATOR_PROFILE_ID })
    expect(await app.handlers.getChains({})).toMatchObject({ ok: true })
    expect(load).toHaveBeenCalledTimes(1)
    expect(opened()).toBe(0)
  })

  it('answers search, intent, receipt, yield and logo calls with the Simulator profile active and no socket open', async () => {
    const { app, load, opened } = await start(SIMULATOR_PROFILE_ID)
    expect(load).toHaveBeenCalledTimes(1)
    expect(app.core.appInfo().simulatorUrl).toBe(IN_PROCESS_DEMO_ORIGIN)
    const chains = await app.handlers.getChains({})
    expect(chains).toMatchObject({ ok: true, value: { source: { profileId: SIMULATOR_PROFILE_ID, baseUrl: IN_PROCESS_DEMO_ORIGIN, simulated: true } } })
    const history = await app.handlers.getIntentHistory({ page: { pageSize: 5 } })
    if (!history.ok) throw new Error(history.error.message)
    const first = history.value.data.intents[0]
    expect(first).toBeDefined()
    const search = await app.handlers.searchIntents({ byIntentId: first.intentId })
    if (!search.ok) throw new Error(JSON.stringify(search.error))
    if (search.ok) expect(search.value.data.intents.map((i) => i.intentId)).toContain(first.intentId)
    expect(await app.handlers.getIntent({ intentId: first.intentId })).toMatchObject({ ok: true, value: { data: { intentId: first.intentId } } })
    expect(await app.handlers.getIntentReceipt({ intentId: first.intentId })).toMatchObject({ ok: true })
    const markets = await app.handlers.yieldGetMarkets({ limit: 3 })
    expect(markets).toMatchObject({ ok: true })
    if (markets.ok) expect(markets.value.data.items.length).toBeGreaterThan(0)
    // The simulated logos name a host this machine cannot reach: the call answers that, and
    // a logo on the demo's own origin is not fetched at all (nothing serves it).
    const logo = chains.ok ? chains.value.data.chains[0].logoUri : undefined
    expect(await app.handlers.getLogo({ url: logo! })).toMatchObject({ ok: false, error: { kind: 'NotFound', operation: 'getLogo' } })
    expect(await app.handlers.getLogo({ url: `${IN_PROCESS_DEMO_ORIGIN}/logo.svg` })).toMatchObject({ ok: false, error: { message: expect.stringContaining('https') } })
    expect(opened()).toBe(0)
  })

  it('starts on first use by a call tied to the Simulator profile while another is active, once for calls at the same moment', async () => {
    const { app, load } = await start('real')
    const results = await Promise.all([1, 2, 3].map(() => app.handlers.testConnection({ profileId: SIMULATOR_PROFILE_ID })))
    for (const r of results) expect(r).toMatchObject({ ok: true, value: { ok: true } })
    expect(load).toHaveBeenCalledTimes(1)
    expect(app.core.activeProfileId()).toBe('real')
  })
})
