import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppInfo } from '../../src-shared/contract/app'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { FileKeyStore } from '../settings/keystore'
import { SIMULATOR_PROFILE_ID } from '../settings/profiles'
import { startAppCore, type AppCore } from './appCore'
import { loadSimulator } from './demo'

/**
 * The demo behind the built-in Simulator profile is loaded and listens only while that
 * profile is used: with a real service active the app starts without the simulator's
 * module and without a listening socket of its own.
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
    expect(app.handlers.setAccessKey({ profileId: 'real', key: 'demo-key', allowPlainText: true })).resolves.toMatchObject({ ok: true })
    expect(await app.handlers.testConnection({ profileId: 'real' })).toMatchObject({ ok: true, value: { ok: true } })
    expect(await app.handlers.getChains({})).toMatchObject({ ok: true })
    expect(load).not.toHaveBeenCalled()
    expect(app.demo.url()).toBeUndefined()
    expect(app.core.appInfo().simulatorUrl).toBeUndefined()
    expect(opened()).toBe(0)
  })

  it('starts when the Simulator profile is chosen, answers, tells the windows its URL, and stops with the app', async () => {
    const { app, load, opened } = await start('real')
    const infos: AppInfo[] = []
    app.events.on((e) => void (e.type === 'appInfo' && infos.push(e.info)))
    await app.handlers.setActiveProfile({ id: SIMULATOR_PROFILE_ID })
    expect(await app.handlers.testConnection({ profileId: SIMULATOR_PROFILE_ID })).toMatchObject({ ok: true, value: { ok: true } })
    expect(load).toHaveBeenCalledTimes(1)
    const url = app.demo.url()
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(opened()).toBe(1)
    expect(infos.at(-1)).toMatchObject({ activeProfileId: SIMULATOR_PROFILE_ID, simulatorUrl: url })
    expect(app.core.appInfo().profiles.find((p) => p.id === SIMULATOR_PROFILE_ID)?.baseUrl).toBe(url)
    // Back to the real service and again to the demo: the one demo keeps running.
    await app.handlers.setActiveProfile({ id: 'real' })
    await app.handlers.setActiveProfile({ id: SIMULATOR_PROFILE_ID })
    expect(await app.handlers.getChains({})).toMatchObject({ ok: true })
    expect(load).toHaveBeenCalledTimes(1)
    await app.stop()
    await vi.waitFor(() => expect(opened()).toBe(0))
  })

  it('starts with the app when the Simulator profile is the active one', async () => {
    const { app, load, opened } = await start(SIMULATOR_PROFILE_ID)
    expect(load).toHaveBeenCalledTimes(1)
    expect(app.core.appInfo().simulatorUrl).toBe(app.demo.url())
    expect(opened()).toBe(1)
    const chains = await app.handlers.getChains({})
    expect(chains).toMatchObject({ ok: true, value: { source: { profileId: SIMULATOR_PROFILE_ID, simulated: true } } })
  })

  it('starts on first use by a call tied to the Simulator profile while another is active, once for calls at the same moment', async () => {
    const { app, load } = await start('real')
    const results = await Promise.all([1, 2, 3].map(() => app.handlers.testConnection({ profileId: SIMULATOR_PROFILE_ID })))
    for (const r of results) expect(r).toMatchObject({ ok: true, value: { ok: true } })
    expect(load).toHaveBeenCalledTimes(1)
    expect(app.core.activeProfileId()).toBe('real')
  })
})
