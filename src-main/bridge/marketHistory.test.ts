import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { isGap } from '../../src-shared/contract/marketHistory'
import { FileKeyStore } from '../settings/keystore'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { startAppCore, type AppCore } from './appCore'

/** The market history through the bridge, as the page reaches it, against the embedded simulator. */

let app: AppCore
let simulator: RunningSimulator
let dataDir: string
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ie-market-history-'))
  app = await startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    demo: (simulator = await startSimulator({ seed: 1, intents: 20 })),
  })
})
afterAll(async () => {
  await app.stop()
  await simulator.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const ok = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error))
  return r.value
}

it('records the markets a view fetches and every market on "Record now", and answers the history, the figures and the settings', async () => {
  const { handlers } = app
  const page = ok(await handlers.yieldGetMarkets({ limit: 5 }))
  const id = page.data.items[0].id
  const first = ok(await handlers.getMarketHistory({ marketId: id, range: '24h' }))
  expect(first.points).toHaveLength(1)
  expect(first.stats.present?.base).toBeGreaterThan(0)

  simulator.clock.advance(3_600_000)
  const state = ok(await handlers.recordMarketsNow({}))
  expect(state.markets).toBeGreaterThan(150)
  expect(state.lastSnapshotAt).not.toBeNull()
  const compared = ok(await handlers.getMarketHistories({ marketIds: [id, page.data.items[1].id], range: 'all' }))
  expect(compared.map((h) => h.points.filter((p) => !isGap(p)).length)).toEqual([2, 2])
  expect(ok(await handlers.getMarketSummaries({ marketIds: [id] }))[id].lastAt).toBe(state.lastSnapshotAt)

  expect(ok(await handlers.setMarketRecorder({ intervalMinutes: 60 })).intervalMinutes).toBe(60)
  expect(ok(await handlers.getMarketRecorder(undefined)).intervalMinutes).toBe(60)
  const tooShort = await handlers.setMarketRecorder({ intervalMinutes: 1 })
  expect(tooShort.ok || tooShort.error).toMatchObject({ kind: 'InvalidArgument', message: expect.stringMatching(/at least 5 minutes/i) })
  const tooMany = await handlers.getMarketHistories({ marketIds: ['a', 'b', 'c', 'd', 'e'] })
  expect(tooMany.ok || tooMany.error).toMatchObject({ kind: 'InvalidArgument', message: expect.stringMatching(/at most 4/i) })
})

it('records the positions of saved wallets at every snapshot, with the set\'s own history', async () => {
  const { handlers } = app
  const wallet = { address: `0x${(0xa11ce00).toString(16).padStart(40, '0')}`, network: 'ethereum' }
  const set = ok(await handlers.saveWalletSet({ name: 'Treasury', queries: [wallet] }))
  expect(ok(await handlers.listWalletSets(undefined)).map((s) => s.name)).toEqual(['Treasury'])
  // Saving the same wallets again renames the set, it does not add one.
  expect(ok(await handlers.saveWalletSet({ name: 'Main treasury', queries: [wallet] })).id).toBe(set.id)
  for (let i = 0; i < 2; i++) {
    simulator.clock.advance(3_600_000)
    ok(await handlers.recordMarketsNow({}))
  }
  const history = ok(await handlers.getPositionHistory({ id: set.id }))
  expect(history.lastError).toBeUndefined()
  expect(history.points).toHaveLength(2)
  expect(history.points.every((p) => 'usd' in p && p.usd > 0)).toBe(true)
  expect(ok(await handlers.removeWalletSet({ id: set.id })).removed).toBe(true)
  expect(ok(await handlers.getPositionHistory({ id: set.id })).points).toEqual([])
  const bad = await handlers.saveWalletSet({ name: '', queries: [wallet] })
  expect(bad.ok || bad.error).toMatchObject({ kind: 'InvalidArgument', message: expect.stringMatching(/Name the wallets/) })
})
