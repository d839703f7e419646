import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isGap } from '../../src-shared/contract/marketHistory'
import { SvcClient } from '../service/client'
import type { ServiceSession } from '../service/client'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { MarketRecorder, type MarketRecorderOptions } from './recorder'
import { tempDir } from './testing'

/** The recorder against the real simulator, whose markets move with its clock. */

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSimulator({ port: 0, intents: 20, accessKeys: ['k'] })
  sim.clock.freeze()
})
afterAll(() => sim.stop())

const ID = 'ethereum-usdc-aave-v3-lending'

function recorder(dir: string, over: Partial<MarketRecorderOptions> = {}) {
  let t = Date.UTC(2026, 10, 1)
  const session = (): ServiceSession => ({
    client: new SvcClient({ baseUrl: sim.url, getAccessKey: () => 'k' }),
    source: () => ({ profileId: 'p1', baseUrl: sim.url, simulated: true, fetchedAt: t }),
  })
  const r = new MarketRecorder({ dir, session, activeProfileId: () => 'p1', now: () => t, log: () => {}, ...over })
  return { r, step: (ms: number) => (t += ms) }
}

describe('the market recorder', () => {
  it('records every market the profile lists, snapshot after snapshot, and answers its history and figures', async () => {
    const dir = tempDir()
    const { r, step } = recorder(dir)
    for (let i = 0; i < 8; i++) {
      const state = await r.snapshotNow('p1')
      expect(state.lastError).toBeUndefined()
      step(15 * 60_000)
      sim.clock.advance(15 * 60_000)
    }
    const state = r.state('p1')
    expect(state.markets).toBeGreaterThan(150)
    expect(state.bytesOnDisk).toBeGreaterThan(0)
    const h = r.history('p1', ID, 'all')
    expect(h.points).toHaveLength(8)
    expect(new Set(h.points.map((p) => (isGap(p) ? null : p.base))).size).toBeGreaterThan(1)
    expect(h.stats.samples30d).toBe(7)
    expect(h.stats.present?.baseUnit).toBe('APY')
    expect(r.summaries('p1', [ID, 'nope'])).toMatchObject({ [ID]: { lastAt: h.lastAt }, nope: { lastAt: null, mean30d: null } })
    r.stop()

    // Kept across a restart; a silence of hours is a gap.
    const again = recorder(dir)
    again.step(5 * 3_600_000)
    await again.r.snapshotNow('p1')
    const after = again.r.history('p1', ID, 'all')
    expect(after.points.filter(isGap)).toHaveLength(1)
    again.r.stop()
  })

  it('keeps its interval setting across restarts, takes snapshots on it, and stops when off', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const dir = tempDir()
      const { r } = recorder(dir, { startDelayMs: 0 })
      const snap = vi.spyOn(r, 'snapshotNow')
      expect(r.setSettings({ intervalMinutes: 5 }).intervalMinutes).toBe(5)
      await vi.advanceTimersByTimeAsync(1)
      expect(snap).toHaveBeenCalledTimes(1)
      expect(recorder(dir).r.state('p1').intervalMinutes).toBe(5)
      r.setSettings({ intervalMinutes: null })
      await vi.advanceTimersByTimeAsync(3_600_000)
      expect(snap).toHaveBeenCalledTimes(1)
      expect(r.state('p1').nextSnapshotAt).toBeNull()
      r.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('records what a view fetched, and says why a snapshot failed', async () => {
    const { r } = recorder(tempDir(), { session: () => ({ client: new SvcClient({ baseUrl: sim.url, getAccessKey: () => 'wrong' }), source: () => ({ profileId: 'p1', baseUrl: sim.url, simulated: true, fetchedAt: 0 }) }) })
    const failed = await r.snapshotNow('p1')
    expect(failed.lastError).toMatch(/key/i)
    r.recordPage('p1', [{ id: 'x', rewardRate: { total: 0.04, rateType: 'APY' } }], Date.UTC(2026, 10, 1))
    expect(r.history('p1', 'x', 'all').stats.present?.base).toBe(0.04)
    r.stop()
  })
})
