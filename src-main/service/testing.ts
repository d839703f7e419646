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

/** A loopback server for attack tests that stops by itself: after `lifetimeMs` it hangs up on everyone and closes. */
async function listenHostile(
  handler: (body: string, path: string, res: ServerResponse) => void,
  lifetimeMs: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((req, res) => {
    res.on('error', () => undefined)
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      // Requests are small; anything else is not this test's client.
      if (size > MiB) req.destroy()
      else chunks.push(c)
    })
    req.on('end', () => handler(Buffer.concat(chunks).toString('utf8'), req.url ?? '', res))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const stop = () =>
    new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  setTimeout(() => void stop(), lifetimeMs).unref()
  return { stop, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

export interface ReceiptFlood {
  url: string
  /** Answers sent, and their bytes. */
  readonly answers: number
  readonly bytesSent: number
  stop(): Promise<void>
}

/**
 * For attack tests: a service answering every WaitIntentReceipt at once (no hold) with a
 * valid receipt of about `mib` MiB, different every time: a third in the origin leg's
 * failure reason, a third in a field the client does not know, a third in the receipt
 * states. An intent whose id starts with `fail-` is FAILED (done) at once, with that
 * reason. The filler is one shared buffer, so this side stays small.
 */
export async function startReceiptFlood(opts: { mib?: number; lifetimeMs: number }): Promise<ReceiptFlood> {
  const third = Buffer.alloc(Math.round(((opts.mib ?? 15) * MiB) / 3), 'r')
  const seen = new Map<string, number>()
  let answers = 0
  let bytesSent = 0
  const hostile = await listenHostile((body, _path, res) => {
    let intentId = 'unknown'
    try {
      intentId = String((JSON.parse(body) as { intentId?: unknown }).intentId ?? 'unknown').slice(0, 100)
    } catch {
      // not JSON: answered all the same
    }
    const n = (seen.get(intentId) ?? 0) + 1
    seen.set(intentId, n)
    answers++
    const failed = intentId.startsWith('fail-')
    const status = failed ? 'FAILED' : 'EXECUTING'
    const parts = [
      `{"intentReceipt":{"intentId":${JSON.stringify(intentId)},"status":"${status}","originTransaction":{"chainId":8453,"statusReason":"answer ${n} `,
      third,
      `"},"destinationChainId":42161,"notes":"${n}`,
      third,
      `"},"receiptStates":[{"leg":"origin","seq":${n},"note":"`,
      third,
      `"}],"done":${failed}}`,
    ].map((p) => (typeof p === 'string' ? Buffer.from(p) : p))
    const length = parts.reduce((sum, p) => sum + p.length, 0)
    bytesSent += length
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(length) })
    for (const p of parts) res.write(p)
    res.end()
  }, opts.lifetimeMs)
  return {
    url: hostile.url,
    get answers() {
      return answers
    },
    get bytesSent() {
      return bytesSent
    },
    stop: hostile.stop,
  }
}

export interface RateLimiter {
  url: string
  /** Requests received, by operation (the path's last segment). */
  readonly hits: Map<string, number>
  stop(): Promise<void>
}

/** For attack tests: a service answering every call 429 with `Retry-After: <retryAfter>` and the catalogue's RateLimited body. */
export async function startRateLimiter(retryAfter: string, lifetimeMs: number): Promise<RateLimiter> {
  const hits = new Map<string, number>()
  const hostile = await listenHostile((_body, path, res) => {
    const op = path.split('/').pop() ?? ''
    hits.set(op, (hits.get(op) ?? 0) + 1)
    res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': retryAfter })
    res.end(JSON.stringify({ error: 'RateLimited', code: 1007, msg: 'slow down', status: 429 }))
  }, lifetimeMs)
  return { url: hostile.url, hits, stop: hostile.stop }
}
