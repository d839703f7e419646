import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBombServer, type BombServer } from '../service/testing'
import { DEFAULT_MAX_ANSWER_BYTES } from '../service/transport'
import { FileKeyStore } from '../settings/keystore'
import { startAppCore, type AppCore } from './appCore'

/**
 * Attack: a service (or anything at a profile's URL) answers with a bomb — 600 MiB of
 * zeros sent as they are, or a gzip of about 600 KiB that expands to 600 MiB. Before
 * answers were bounded, joining either into one string threw outside any call and ended
 * the process, and a watch on that profile did it again at every start.
 */
const MiB = 1024 * 1024
/** Everything else the process may allocate while the attack runs (GC timing on a busy machine). */
const MARGIN = 160 * MiB

let plain: BombServer
let gzip: BombServer
let dataDir: string
let app: AppCore | undefined

beforeAll(async () => {
  ;[plain, gzip] = await Promise.all([startBombServer('plain'), startBombServer('gzip')])
  dataDir = mkdtempSync(join(tmpdir(), 'ie-bomb-'))
  const profile = (id: string, baseUrl: string) => ({ id, name: id, baseUrl })
  writeFileSync(
    join(dataDir, 'profiles.json'),
    JSON.stringify({ version: 1, activeProfileId: 'simulator', profiles: [profile('plain', plain.url), profile('gzip', gzip.url)] }),
  )
  // As the list was left when the process last died: two watches polling the bombs.
  const watch = (profileId: string) => ({ profileId, intentId: '7', addedAt: 1, phase: 'polling', muted: false })
  writeFileSync(join(dataDir, 'watches.json'), JSON.stringify({ version: 1, notificationsMuted: false, watches: [watch('plain'), watch('gzip')] }))
})

afterAll(async () => {
  await app?.stop()
  await Promise.all([plain.stop(), gzip.stop()])
  rmSync(dataDir, { recursive: true, force: true })
})

describe('a service answering with a bomb', () => {
  it('comes up with the watches on it stopped, each saying why', async () => {
    app = await startAppCore({
      runtime: 'host',
      version: 'test',
      dataDir,
      keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
      simulator: { seed: 1, intents: 50 },
    })
    const core = app.core
    const stopped = async (profileId: string) => {
      for (let i = 0; i < 300; i++) {
        const [w] = core.watches.list(profileId).watches
        if (w?.phase === 'done') return w
        await new Promise((r) => setTimeout(r, 50))
      }
      throw new Error(`the watch on ${profileId} did not stop`)
    }
    for (const profileId of ['plain', 'gzip']) {
      const w = await stopped(profileId)
      expect(w.error).toMatchObject({ kind: 'BadResponse', limitBytes: DEFAULT_MAX_ANSWER_BYTES })
      expect(w.error!.message).toContain('16 MiB')
    }
  })

  it('fails each call with the limit named, keeps answering other calls, and holds no more than the limit', async () => {
    const { handlers } = app!
    const base = process.memoryUsage().rss
    let peak = base
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
    try {
      const attacks = ['plain', 'gzip', 'plain', 'gzip'].map((profileId) => handlers.testConnection({ profileId }))
      // While the bombs arrive, the app still answers.
      const during = await handlers.testConnection({ profileId: 'simulator' })
      expect(during).toMatchObject({ ok: true })
      for (const result of await Promise.all(attacks)) {
        expect(result).toMatchObject({ ok: false, error: { kind: 'BadResponse', limitBytes: DEFAULT_MAX_ANSWER_BYTES } })
        if (!result.ok) expect(result.error.message).toMatch(/16 MiB the app accepts/)
      }
      expect(await handlers.testConnection({ profileId: 'simulator' })).toMatchObject({ ok: true })
    } finally {
      clearInterval(sampler)
    }
    // Four answers in flight, each dropped at the limit.
    expect(peak - base).toBeLessThan(4 * DEFAULT_MAX_ANSWER_BYTES + MARGIN)
    // The connections were dropped at the limit, not read to the end.
    expect(plain.bytesSent).toBeLessThan(600 * MiB)
  }, 60_000)
})
