import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBombServer, type BombServer } from '../service/testing'
import { DEFAULT_MAX_ANSWER_BYTES } from '../service/transport'
import { FileKeyStore } from '../settings/keystore'
import { startAppCore, type AppCore } from './appCore'
import { refusedFieldsOf } from '../../src-shared/contract/service'

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
        const [w] = core.watches.list(profileId).items
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

/**
 * Attack: a service echoes the access key in the `error` (name) field of its failures,
 * and in the name of a chain in an answer that succeeds. The key used to reach the page,
 * the event stream, `watches.json` and `watched-queries.json` in clear, because only an
 * error's message, path and operation were scrubbed.
 */
describe('a service echoing the key in any field', () => {
  const KEY = 'sk_live_Echo0123456789AbCdEf'
  let echo: Server
  let echoDir: string
  let echoApp: AppCore | undefined

  beforeAll(async () => {
    echo = createServer((req, res) => {
      req.resume()
      if (req.url?.endsWith('/GetChains')) {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        return res.end(JSON.stringify({ chains: [{ id: 1, name: `Chain ${KEY}`, nativeCurrency: { name: KEY.toUpperCase(), symbol: 'ETH', decimals: 18 } }] }))
      }
      res.writeHead(401, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ error: KEY, code: 9999, msg: 'no', status: 401 }))
    })
    await new Promise<void>((done) => echo.listen(0, '127.0.0.1', done))
    echoDir = mkdtempSync(join(tmpdir(), 'ie-echo-'))
    const url = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`
    writeFileSync(join(echoDir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId: 'echo', profiles: [{ id: 'echo', name: 'Echo', baseUrl: url }] }))
  })

  afterAll(async () => {
    await echoApp?.stop()
    await new Promise<void>((done) => echo.close(() => done()))
    rmSync(echoDir, { recursive: true, force: true })
  })

  const pieceOf = (text: string) => {
    const lower = text.toLowerCase()
    for (let i = 0; i + 6 <= KEY.length; i++) if (lower.includes(KEY.slice(i, i + 6).toLowerCase())) return KEY.slice(i, i + 6)
    return undefined
  }

  it('reaches neither the page, the events, nor the files on disk', async () => {
    echoApp = await startAppCore({
      runtime: 'host',
      version: 'test',
      dataDir: echoDir,
      keyStore: FileKeyStore.open(join(echoDir, 'access-keys.json'), {}),
      simulator: { seed: 1, intents: 20 },
    })
    const { handlers, events, core } = echoApp
    const heard: string[] = []
    events.on((e) => heard.push(JSON.stringify(e)))
    const answers: unknown[] = [await handlers.setAccessKey({ profileId: 'echo', key: KEY, allowPlainText: true })]
    answers.push(await handlers.watchIntent({ intentId: '7' }))
    answers.push(await handlers.addQueryWatch({ name: 'All', query: {} }))
    for (let i = 0; i < 200; i++) {
      const [w] = core.watches.list('echo').items
      const [q] = core.queryWatches!.list('echo').items
      if (w?.error && q?.error) break
      await new Promise((r) => setTimeout(r, 50))
    }
    answers.push(await handlers.getIntent({ intentId: '7' }), await handlers.getChains({}), await handlers.testConnection({}))
    answers.push(await handlers.listWatches({}), await handlers.listQueryWatches({}))
    const failed = answers.find((a) => (a as { ok: boolean }).ok === false) as { error: { name?: string } }
    expect(failed.error.name).toBe('[redacted]')
    await core.watches.stop()
    await core.queryWatches!.stop()
    const files = ['watches.json', 'watched-queries.json'].map((f) => readFileSync(join(echoDir, f), 'utf8'))
    // What the watch and the query kept is the failure, with its name scrubbed.
    expect(files[0]).toContain('[redacted]')
    expect(files[1]).toContain('[redacted]')
    for (const [what, text] of [...answers.map((a, i) => [`answer ${i}`, JSON.stringify(a)]), ...heard.map((e, i) => [`event ${i}`, e]), ['watches.json', files[0]], ['watched-queries.json', files[1]]])
      expect(pieceOf(text), what).toBeUndefined()
  }, 30_000)
})

/**
 * Attack (issue 29, items 2 and 3): one entry of an answer claims `decimals: 1e15` (the
 * page went blank) or `createdAt: 9999-12-31` (the page froze). Main refuses each such
 * field by name and keeps everything else: the other entries, and the rest of the bad one.
 */
describe('a service answering one entry with decimals 1e15 and a year-9999 date', () => {
  let bent: Server
  let bentDir: string
  let bentApp: AppCore | undefined
  const entry = (intentId: string, over: { decimals?: number; createdAt?: string } = {}) => ({
    intentId,
    status: 'SUCCEEDED',
    createdAt: over.createdAt ?? '2026-11-20T10:00:00Z',
    receipt: {
      intentId,
      summary: { originTokenAmount: '1500000', originTokenMetadata: { symbol: 'USDC', decimals: over.decimals ?? 6 } },
    },
  })

  beforeAll(async () => {
    bent = createServer((req, res) => {
      req.resume()
      res.writeHead(200, { 'Content-Type': 'application/json' })
      if (req.url?.endsWith('/GetIntentHistory'))
        return res.end(JSON.stringify({ intents: [entry('0xa1'), entry('0xdec', { decimals: 1e15 }), entry('0xfar', { createdAt: '9999-12-31T00:00:00Z' }), entry('0xa4')] }))
      if (req.url?.endsWith('/GetIntent')) return res.end(JSON.stringify({ intent: { intentId: '0xfar', createdAt: '9999-12-31T00:00:00Z', status: 'SUCCEEDED' } }))
      res.end(JSON.stringify({ chains: [] }))
    })
    await new Promise<void>((done) => bent.listen(0, '127.0.0.1', done))
    bentDir = mkdtempSync(join(tmpdir(), 'ie-bent-'))
    const url = `http://127.0.0.1:${(bent.address() as AddressInfo).port}`
    writeFileSync(join(bentDir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId: 'bent', profiles: [{ id: 'bent', name: 'Bent', baseUrl: url }] }))
  })

  afterAll(async () => {
    await bentApp?.stop()
    await new Promise<void>((done) => bent.close(() => done()))
    rmSync(bentDir, { recursive: true, force: true })
  })

  it('keeps every entry, drops only the two fields and names them, through the bridge', async () => {
    bentApp = await startAppCore({
      runtime: 'host',
      version: 'test',
      dataDir: bentDir,
      keyStore: FileKeyStore.open(join(bentDir, 'access-keys.json'), {}),
      simulator: { seed: 1, intents: 5 },
    })
    const { handlers } = bentApp
    const history = await handlers.getIntentHistory({})
    expect(history.ok).toBe(true)
    if (!history.ok) return
    const intents = history.value.data.intents
    expect(intents.map((e) => e.intentId)).toEqual(['0xa1', '0xdec', '0xfar', '0xa4'])
    const metadata = intents[1].receipt?.summary?.originTokenMetadata
    expect(metadata).toMatchObject({ symbol: 'USDC' })
    expect(metadata?.decimals).toBeUndefined()
    expect(refusedFieldsOf(metadata)).toEqual([{ field: 'decimals', reason: 'token decimals must be 0–255' }])
    expect(intents[2].createdAt).toBeUndefined()
    expect(refusedFieldsOf(intents[2])[0]).toMatchObject({ field: 'createdAt', reason: expect.stringContaining('"9999-12-31T00:00:00Z" is outside 2009-01-01 to') })
    expect(intents[0].receipt?.summary?.originTokenMetadata?.decimals).toBe(6)
    const intent = await handlers.getIntent({ intentId: '0xfar' })
    expect(intent.ok && refusedFieldsOf(intent.value.data).map((n) => n.field)).toEqual(['createdAt'])
  }, 30_000)
})

/**
 * Attack: a remote service names logos on this machine (`http://127.0.0.1:<port>/…`, the
 * browser host's own port among them), and the app fetched each: a blind GET to any
 * local port. Logos on this machine are fetched only for a service on this machine.
 */
describe('a remote service naming logos on this machine', () => {
  let local: Server
  let hits = 0
  let dir: string
  let logoApp: AppCore | undefined

  beforeAll(async () => {
    local = createServer((req, res) => {
      hits++
      req.resume()
      res.writeHead(200, { 'Content-Type': 'image/png' })
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))
    })
    await new Promise<void>((done) => local.listen(0, '127.0.0.1', done))
    dir = mkdtempSync(join(tmpdir(), 'ie-logo-'))
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId: 'remote', profiles: [{ id: 'remote', name: 'Remote', baseUrl: 'https://svc.example.invalid' }] }))
  })

  afterAll(async () => {
    await logoApp?.stop()
    await new Promise<void>((done) => local.close(() => done()))
    rmSync(dir, { recursive: true, force: true })
  })

  it('gets nothing fetched there, while the Simulator’s own loopback logos still show', async () => {
    logoApp = await startAppCore({ runtime: 'host', version: 'test', dataDir: dir, keyStore: FileKeyStore.open(join(dir, 'access-keys.json'), {}), simulator: { seed: 1, intents: 10 } })
    const { handlers } = logoApp
    const port = (local.address() as AddressInfo).port
    for (const url of [`http://127.0.0.1:${port}/a.png`, `http://localhost:${port}/a.png`, `http://0.0.0.0:${port}/a.png`, `https://[::1]:${port}/a.png`]) {
      const r = await handlers.getLogo({ url })
      expect(r, url).toMatchObject({ ok: false, error: { kind: 'NotFound', message: expect.stringMatching(/this computer/) } })
    }
    expect(hits).toBe(0)
    await handlers.setActiveProfile({ id: 'simulator' })
    expect(await handlers.getLogo({ url: `http://127.0.0.1:${port}/a.png` })).toMatchObject({ ok: true, value: { src: expect.stringMatching(/^\/logos\//) } })
    expect(hits).toBe(1)
  }, 30_000)
})
