import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRateLimiter, type RateLimiter } from '../service/testing'
import { MAX_TIMER_DELAY_MS } from '../service/timer'
import { FileKeyStore } from '../settings/keystore'
import { startAppCore, type AppCore } from './appCore'

/**
 * Attack: a service answers every call 429 with `Retry-After` of 35 days. Node's timers
 * take at most 2^31-1 ms (24.8 days) and fire after 1 ms past that, so each watch asked
 * again at once (one watch sent 4,954 requests in 10 s) and each watched filter spun on
 * its timer (20 of them burned 44% of a core). Every delay now goes through the one
 * timer helper, which waits at most an hour.
 */
const THIRTY_FIVE_DAYS_S = String(35 * 24 * 3600)
const WATCHES = 5
const FILTERS = 20
const RUN_MS = 4_000

let limiter: RateLimiter
let dataDir: string
let app: AppCore

beforeAll(async () => {
  limiter = await startRateLimiter(THIRTY_FIVE_DAYS_S, 60_000)
  dataDir = mkdtempSync(join(tmpdir(), 'ie-retry-after-'))
  writeFileSync(
    join(dataDir, 'profiles.json'),
    JSON.stringify({ version: 1, activeProfileId: 'limited', profiles: [{ id: 'limited', name: 'limited', baseUrl: limiter.url }] }),
  )
  app = await startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    simulator: { seed: 1, intents: 10 },
  })
})

afterAll(async () => {
  await app?.stop()
  await limiter.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('a service asking for a 35-day pause', () => {
  it('is asked again at most once an hour by every watch and watched filter, and nothing spins', async () => {
    const { handlers } = app
    for (let i = 0; i < WATCHES; i++) expect(await handlers.watchIntent({ intentId: `0x${String(i).padStart(64, '0')}` })).toMatchObject({ ok: true })
    for (let i = 0; i < FILTERS; i++) {
      const added = await handlers.addQueryWatch({ name: `project ${i}`, query: { byProjectId: i + 1, byStatuses: ['FAILED'] } })
      expect(added).toMatchObject({ ok: true })
    }
    // The first call of each is answered 429 at once; what follows is what the timers do.
    await new Promise((r) => setTimeout(r, 500))
    const cpuBefore = process.cpuUsage()
    const wallBefore = performance.now()
    await new Promise((r) => setTimeout(r, RUN_MS))
    const cpu = process.cpuUsage(cpuBefore)
    const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore)

    // One call each (a call in flight at the first check may make two), never thousands.
    expect(limiter.hits.get('WaitIntentReceipt') ?? 0).toBeLessThanOrEqual(2 * WATCHES)
    expect(limiter.hits.get('GetIntentHistory') ?? 0).toBeLessThanOrEqual(2 * FILTERS)
    // Waiting costs nothing: far below a core (a timer firing every millisecond took most of one).
    expect(cpuShare).toBeLessThan(0.2)

    // Each says when it will ask again: within the hour, not in 35 days and not at once.
    const now = Date.now()
    const watches = app.core.watches.list('limited').items
    expect(watches).toHaveLength(WATCHES)
    for (const w of watches) {
      expect(w).toMatchObject({ phase: 'retrying', error: { kind: 'RateLimited' } })
      expect(w.retryAt! - now).toBeGreaterThan(MAX_TIMER_DELAY_MS / 2)
      expect(w.retryAt! - now).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS)
    }
    const queries = app.core.queryWatches!.list('limited').items
    expect(queries).toHaveLength(FILTERS)
    for (const q of queries) {
      expect(q).toMatchObject({ phase: 'retrying', error: { kind: 'RateLimited' } })
      expect(q.nextPollAt! - now).toBeLessThanOrEqual(MAX_TIMER_DELAY_MS)
    }
  }, 30_000)
})
