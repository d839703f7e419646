import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventHub } from '../events/hub'
import type { BridgeHandlers } from '../bridge/handlers'
import { startHost } from '../host/server'
import { LogoStore, MAX_LOGO_BYTES, MAX_LOGO_STORE_BYTES, MAX_LOGOS, sniffImage, type LogoFetch, type Resolve } from './store'

/** The Simulator, or any service on this machine, whose logos may be on loopback too. */
const LOCAL = { serviceIsLocal: true }
const REMOTE = { serviceIsLocal: false }

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>')

let server: Server
let base: string
const hits = new Map<string, number>()

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    const send = (type: string, body: Buffer) => (res.writeHead(200, { 'Content-Type': type }), res.end(body))
    if (req.url === '/eth.png') return send('image/png', PNG)
    if (req.url === '/eth.svg') return send('image/svg+xml', SVG)
    if (req.url === '/page.png') return send('image/png', Buffer.from('<html><script>alert(1)</script></html>'))
    if (req.url === '/huge.png') return send('image/png', Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]))
    if (req.url === '/moved.png') return (res.writeHead(302, { Location: '/eth.png' }), res.end())
    res.writeHead(404)
    res.end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ie-logos-'))
  return { dir, store: new LogoStore(join(dir, 'logos')) }
}

describe('logos fetched by the main process', () => {
  it('fetches a logo once, keeps it on disk (0600), and serves it offline', async () => {
    const { dir, store } = fresh()
    try {
      const src = await store.pathFor(`${base}/eth.png`, LOCAL)
      expect(src).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/)
      const file = store.fileFor(src.slice('/logos/'.length))!
      expect(readFileSync(file)).toEqual(PNG)
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(await store.pathFor(`${base}/eth.png`, LOCAL)).toBe(src)
      // A new store on the same folder (the next launch), with the network gone.
      const offline = new LogoStore(join(dir, 'logos'), async () => {
        throw new TypeError('offline')
      })
      expect(await offline.pathFor(`${base}/eth.png`, LOCAL)).toBe(src)
      expect(hits.get('/eth.png')).toBe(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('fetches at most 8 logos at once, the rest in turn, a failed fetch freeing its turn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ie-logos-'))
    let running = 0
    let most = 0
    const answers: Array<() => void> = []
    const slowFetch: LogoFetch = async (url) => {
      most = Math.max(most, ++running)
      await new Promise<void>((go) => answers.push(go))
      running--
      if (url.endsWith('/bad.png')) throw new TypeError('connection reset')
      return new Response(PNG, { headers: { 'Content-Type': 'image/png' } })
    }
    const store = new LogoStore(join(dir, 'logos'), slowFetch, Date.now, undefined, PUBLIC)
    try {
      const urls = ['https://logos.example/bad.png', ...Array.from({ length: 19 }, (_, i) => `https://logos.example/${i}.png`)]
      const all = Promise.allSettled(urls.map((u) => store.pathFor(u, REMOTE)))
      for (let answered = 0; answered < urls.length; answered++) {
        await expect.poll(() => answers.length).toBeGreaterThan(0)
        expect(running).toBeLessThanOrEqual(8)
        answers.shift()!()
      }
      const settled = await all
      expect(most).toBe(8)
      expect(settled.filter((r) => r.status === 'fulfilled')).toHaveLength(19)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses what is not an image, too large, redirected, or not https', async () => {
    const { dir, store } = fresh()
    try {
      await expect(store.pathFor(`${base}/page.png`, LOCAL)).rejects.toMatchObject({ error: { message: expect.stringMatching(/not a PNG/) } })
      await expect(store.pathFor(`${base}/huge.png`, LOCAL)).rejects.toMatchObject({ error: { message: expect.stringMatching(/256 KiB/) } })
      await expect(store.pathFor(`${base}/moved.png`, LOCAL)).rejects.toMatchObject({ error: { kind: 'NotFound' } })
      for (const url of ['http://logos.example.com/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'https://u:p@logos.example.com/a.png'])
        await expect(store.pathFor(url, REMOTE), url).rejects.toMatchObject({ error: { message: expect.stringMatching(/only https|not a URL/) } })
      // A refused logo is not asked for again at once.
      await expect(store.pathFor(`${base}/page.png`, LOCAL)).rejects.toThrow()
      expect(hits.get('/page.png')).toBe(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('tells images by their bytes, not their names', () => {
    expect(sniffImage(PNG)).toBe('png')
    expect(sniffImage(SVG)).toBe('svg')
    expect(sniffImage(Buffer.from('<html><svg></svg></html>'))).toBeUndefined()
    expect(sniffImage(Buffer.from('GIF89a'))).toBe('gif')
  })

  it('is served by the host from the page’s own origin, sandboxed, and nothing else under /logos/', async () => {
    const { dir, store } = fresh()
    const host = await startHost({ port: 0, rendererDir: dir, handlers: {} as BridgeHandlers, events: new EventHub(), logos: store })
    try {
      const src = await store.pathFor(`${base}/eth.svg`, LOCAL)
      const res = await fetch(`${host.origin}${src}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/)
      expect(Buffer.from(await res.arrayBuffer())).toEqual(SVG)
      for (const path of ['/logos/../store.ts', '/logos/eth.svg', `/logos/${'0'.repeat(64)}.png`, '/logos/%2e%2e%2fx'])
        expect((await fetch(`${host.origin}${path}`)).status, path).not.toBe(200)
    } finally {
      await host.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

/** Every name leads to a public address (no DNS in tests). */
const PUBLIC: Resolve = async () => ['192.0.2.10']

/** A logo server without a network: each URL answers a distinct PNG of `size` bytes. */
const fakeLogos =
  (size = 1024): LogoFetch =>
  async (url) => {
    const body = Buffer.alloc(size, 7)
    PNG.copy(body)
    body.write(url, PNG.length)
    return new Response(body, { headers: { 'content-type': 'image/png' } })
  }

const filesIn = (dir: string) => readdirSync(dir).filter((n) => n !== 'name-key')
const bytesIn = (dir: string) => filesIn(dir).reduce((sum, n) => sum + statSync(join(dir, n)).size, 0)

describe('the logo folder', () => {
  it('keeps at most its count, dropping the least recently shown first', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ie-logos-')), 'logos')
    try {
      // A minute between calls, so a logo shown again has its file's time brought forward.
      let clock = Date.now()
      const store = new LogoStore(dir, fakeLogos(), () => (clock += 61_000), { count: 5, bytes: 10 * 1024 * 1024 }, PUBLIC)
      const src: string[] = []
      for (let i = 0; i < 5; i++) src.push(await store.pathFor(`https://logos.example/${i}.png`, REMOTE))
      // The first is shown again: the second is now the oldest.
      expect(await store.pathFor('https://logos.example/0.png', REMOTE)).toBe(src[0])
      await store.pathFor('https://logos.example/5.png', REMOTE)
      await store.pathFor('https://logos.example/6.png', REMOTE)
      await new Promise((r) => setTimeout(r, 50))
      expect(filesIn(dir)).toHaveLength(5)
      expect(store.fileFor(src[0].slice(7))).toBeDefined()
      expect(store.fileFor(src[1].slice(7))).toBeUndefined()
      expect(store.fileFor(src[2].slice(7))).toBeUndefined()
      // The next launch finds the same five, the order kept by the files' times.
      const next = new LogoStore(dir, fakeLogos(), () => (clock += 61_000), { count: 4, bytes: 10 * 1024 * 1024 }, PUBLIC)
      expect(next.fileFor(src[0].slice(7))).toBeDefined()
      await new Promise((r) => setTimeout(r, 50))
      expect(filesIn(dir)).toHaveLength(4)
      expect(next.fileFor(src[3].slice(7))).toBeUndefined()
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true })
    }
  })

  it('stays under its byte cap however many large logos a service names (400 of 250 KiB)', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ie-logos-')), 'logos')
    try {
      const store = new LogoStore(dir, fakeLogos(250 * 1024), Date.now, undefined, PUBLIC)
      const started = performance.now()
      await Promise.all(Array.from({ length: 400 }, (_, i) => store.pathFor(`https://logos.example/big/${i}.png`, REMOTE)))
      const ms = performance.now() - started
      await new Promise((r) => setTimeout(r, 100))
      expect(filesIn(dir).length).toBeLessThanOrEqual(MAX_LOGOS)
      expect(bytesIn(dir)).toBeLessThanOrEqual(MAX_LOGO_STORE_BYTES)
      console.log(`logo folder after 400 distinct 250 KiB logos: ${filesIn(dir).length} files, ${(bytesIn(dir) / 1024 / 1024).toFixed(1)} MiB (was 100 MiB unbounded), ${ms.toFixed(0)} ms`)
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true })
    }
  }, 60_000)

  it('answers a lookup from its index in memory, without reading the folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'ie-logos-')), 'logos')
    try {
      const store = new LogoStore(dir, fakeLogos(256), Date.now, undefined, PUBLIC)
      const urls = Array.from({ length: MAX_LOGOS }, (_, i) => `https://logos.example/small/${i}.png`)
      for (const url of urls) await store.pathFor(url, REMOTE)
      const started = performance.now()
      for (let round = 0; round < 10; round++) for (const url of urls) await store.pathFor(url, REMOTE)
      const perLookup = (performance.now() - started) / (10 * urls.length)
      console.log(`logo lookup with ${MAX_LOGOS} stored: ${(perLookup * 1000).toFixed(1)} µs each`)
      // Reading a folder of a thousand files for every lookup took about 4 ms each.
      expect(perLookup).toBeLessThan(0.5)
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true })
    }
  }, 60_000)
})

describe('logo URLs and names', () => {
  it('fetches nothing on this machine for a service elsewhere', async () => {
    const { dir, store } = fresh()
    try {
      const before = hits.get('/eth.png') ?? 0
      const port = new URL(base).port
      for (const url of [
        `${base}/eth.png`,
        `http://localhost:${port}/eth.png`,
        `https://127.0.0.1:${port}/eth.png`,
        `http://[::1]:${port}/eth.png`,
        `http://0.0.0.0:${port}/eth.png`,
        `http://[::ffff:127.0.0.1]:${port}/eth.png`,
        `https://logos.localhost:${port}/eth.png`,
        `http://2130706433:${port}/eth.png`,
      ])
        await expect(store.pathFor(url, REMOTE), url).rejects.toMatchObject({ error: { message: expect.stringMatching(/this computer|only https/) } })
      expect(hits.get('/eth.png') ?? 0).toBe(before)
      // For a service on this machine (the Simulator), its loopback logos are fine.
      await expect(store.pathFor(`${base}/eth.png`, LOCAL)).resolves.toMatch(/^\/logos\//)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('fetches nothing from a public name that leads to this machine, for a service elsewhere', async () => {
    const { dir } = fresh()
    try {
      const fetched: string[] = []
      const fetchLogo: LogoFetch = async (url, init) => (fetched.push(url), fakeLogos()(url, init))
      const toThisMachine: Resolve = async (name) => (name === 'localtest.me' ? ['127.0.0.1'] : name === 'mapped.example' ? ['::ffff:127.0.0.1'] : ['192.0.2.10'])
      const store = new LogoStore(join(dir, 'logos'), fetchLogo, Date.now, undefined, toThisMachine)
      for (const url of ['https://localtest.me:8443/a.png', 'https://mapped.example/a.png'])
        await expect(store.pathFor(url, REMOTE), url).rejects.toMatchObject({ error: { message: expect.stringMatching(/leads to this computer/) } })
      expect(fetched).toEqual([])
      await expect(store.pathFor('https://logos.example/a.png', REMOTE)).resolves.toMatch(/^\/logos\//)
      // A service on this machine may name logos there, whatever the name.
      await expect(store.pathFor('https://localtest.me:8443/b.png', LOCAL)).resolves.toMatch(/^\/logos\//)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names each stored logo by a keyed digest that differs per data folder, and drops unkeyed names', async () => {
    const a = fresh()
    const b = fresh()
    try {
      const url = 'https://logos.example/eth.png'
      const plain = createHash('sha256').update(url).digest('hex')
      const inA = await new LogoStore(join(a.dir, 'logos'), fakeLogos(), Date.now, undefined, PUBLIC).pathFor(url, REMOTE)
      const inB = await new LogoStore(join(b.dir, 'logos'), fakeLogos(), Date.now, undefined, PUBLIC).pathFor(url, REMOTE)
      expect(inA).not.toBe(inB)
      expect(inA).not.toContain(plain)
      if (process.platform !== 'win32') expect(statSync(join(a.dir, 'logos', 'name-key')).mode & 0o777).toBe(0o600)

      // A folder written before names were keyed: its guessable names are not served and are removed.
      const old = join(mkdtempSync(join(tmpdir(), 'ie-logos-')), 'logos')
      mkdirSync(old)
      writeFileSync(join(old, `${plain}.png`), PNG)
      const store = new LogoStore(old, fakeLogos(), Date.now, undefined, PUBLIC)
      expect(store.fileFor(`${plain}.png`)).toBeUndefined()
      expect(filesIn(old)).toEqual([])
      // A damaged key is replaced, once, and the next launch keeps the new one.
      writeFileSync(join(old, 'name-key'), 'short')
      const first = await new LogoStore(old, fakeLogos(), Date.now, undefined, PUBLIC).pathFor(url, REMOTE)
      expect(readFileSync(join(old, 'name-key'))).toHaveLength(32)
      expect(await new LogoStore(old, fakeLogos(), Date.now, undefined, PUBLIC).pathFor(url, REMOTE)).toBe(first)
      rmSync(dirname(old), { recursive: true, force: true })
    } finally {
      rmSync(a.dir, { recursive: true, force: true })
      rmSync(b.dir, { recursive: true, force: true })
    }
  })

  it('the host does not answer the plain digest of a viewed logo’s URL', async () => {
    const { dir, store } = fresh()
    const host = await startHost({ port: 0, rendererDir: dir, handlers: {} as BridgeHandlers, events: new EventHub(), logos: store })
    try {
      const url = `${base}/eth.png`
      const src = await store.pathFor(url, LOCAL)
      expect((await fetch(`${host.origin}${src}`)).status).toBe(200)
      const guessed = `/logos/${createHash('sha256').update(new URL(url).href).digest('hex')}.png`
      expect((await fetch(`${host.origin}${guessed}`)).status).toBe(404)
    } finally {
      await host.stop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
