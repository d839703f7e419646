import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo, Socket } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { ROOT } from './processes'

/** Where `bench/browser/vite.config.ts` puts the harness page. */
export const HARNESS_DIR = resolve(ROOT, 'out/bench/browser')

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export interface HarnessServer {
  origin: string
  port: number
  stop(): Promise<void>
}

/**
 * Serves the built harness page on loopback and, under `/data/pages/<n>`, the JSON of
 * history page n (from `pages`). `port` lets a later server take the same origin, so
 * IndexedDB written through the harness is what the app finds there.
 */
export async function startHarnessServer(o: { port?: number; pages?: (index: number) => Promise<unknown> } = {}): Promise<HarnessServer> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]
      const data = /^\/data\/pages\/(\d+)$/.exec(path)
      try {
        if (data && o.pages) {
          const body = JSON.stringify(await o.pages(Number(data[1])))
          res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
          return res.end(body)
        }
        const file = normalize(join(HARNESS_DIR, path === '/' ? 'index.html' : decodeURIComponent(path)))
        if (!file.startsWith(HARNESS_DIR + sep)) throw new Error(`outside the harness: ${path}`)
        const body = await readFile(file)
        res.writeHead(200, { 'Content-Type': MIME[extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' })
        res.end(body)
      } catch (e) {
        if (!res.headersSent) res.writeHead(data ? 500 : 404, { 'Content-Type': 'text/plain' })
        res.end((e as Error).message)
      }
    })()
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((done, reject) => {
    server.once('error', reject)
    server.listen(o.port ?? 0, '127.0.0.1', done)
  })
  const port = (server.address() as AddressInfo).port
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy()
        server.close(() => done())
      }),
  }
}
