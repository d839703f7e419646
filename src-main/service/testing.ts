import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'

/**
 * For attack tests: a loopback server whose every answer is a "bomb" — far more bytes
 * than the app accepts, either sent as they are or as a small gzip that expands to them.
 * Nothing large is kept: zeros are streamed with back-pressure and the answer stops as
 * soon as the client hangs up, so a client that keeps its limit costs this side little.
 */
export type BombKind = 'plain' | 'gzip'

export interface BombServer {
  url: string
  /** Answers started, whatever the path. */
  readonly hits: number
  /** Bytes actually written to clients, over all answers. */
  readonly bytesSent: number
  stop(): Promise<void>
}

const MiB = 1024 * 1024

/** One gzip member of 1 MiB of zeros (about 1 KiB); members can be concatenated, and gunzip reads them all. */
const GZIP_MEMBER = gzipSync(Buffer.alloc(MiB), { level: 9 })

export async function startBombServer(kind: BombKind, expandedMiB = 600): Promise<BombServer> {
  let hits = 0
  let bytesSent = 0
  const zeros = Buffer.alloc(64 * 1024)
  const send = (res: ServerResponse) => {
    const chunk = kind === 'gzip' ? GZIP_MEMBER : zeros
    const total = kind === 'gzip' ? expandedMiB : (expandedMiB * MiB) / zeros.length
    let written = 0
    const pump = () => {
      while (written < total && !res.destroyed) {
        written++
        bytesSent += chunk.length
        if (!res.write(chunk)) return res.once('drain', pump)
      }
      if (!res.destroyed) res.end()
    }
    pump()
  }
  const server: Server = createServer((req, res) => {
    hits++
    req.resume()
    res.on('error', () => undefined)
    res.writeHead(200, { 'Content-Type': 'application/json', ...(kind === 'gzip' && { 'Content-Encoding': 'gzip' }) })
    send(res)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get hits() {
      return hits
    },
    get bytesSent() {
      return bytesSent
    },
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
