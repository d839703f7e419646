import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EventHub } from '../events/hub'
import type { BridgeHandlers } from '../bridge/handlers'
import { startHost } from '../host/server'
import { LogoStore, MAX_LOGO_BYTES, sniffImage } from './store'

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
      const src = await store.pathFor(`${base}/eth.png`)
      expect(src).toMatch(/^\/logos\/[0-9a-f]{64}\.png$/)
      const file = store.fileFor(src.slice('/logos/'.length))!
      expect(readFileSync(file)).toEqual(PNG)
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(await store.pathFor(`${base}/eth.png`)).toBe(src)
      // A new store on the same folder (the next launch), with the network gone.
      const offline = new LogoStore(join(dir, 'logos'), async () => {
        throw new TypeError('offline')
      })
      expect(await offline.pathFor(`${base}/eth.png`)).toBe(src)
      expect(hits.get('/eth.png')).toBe(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses what is not an image, too large, redirected, or not https', async () => {
    const { dir, store } = fresh()
    try {
      await expect(store.pathFor(`${base}/page.png`)).rejects.toMatchObject({ error: { message: expect.stringMatching(/not a PNG/) } })
      await expect(store.pathFor(`${base}/huge.png`)).rejects.toMatchObject({ error: { message: expect.stringMatching(/256 KiB/) } })
      await expect(store.pathFor(`${base}/moved.png`)).rejects.toMatchObject({ error: { kind: 'NotFound' } })
      for (const url of ['http://logos.example.com/a.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'https://u:p@logos.example.com/a.png'])
        await expect(store.pathFor(url), url).rejects.toMatchObject({ error: { message: expect.stringMatching(/only https|not a URL/) } })
      // A refused logo is not asked for again at once.
      await expect(store.pathFor(`${base}/page.png`)).rejects.toThrow()
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
      const src = await store.pathFor(`${base}/eth.svg`)
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
