import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, resolve, sep } from 'node:path'
import type { AddressInfo, Socket } from 'node:net'
import { isBridgeMethodName } from '../../src-shared/contract/channels'
import type { BridgeHandlers } from '../bridge/handlers'
import type { EventHub } from '../bridge/events'
import { RENDERER_CSP } from '../electron/security'

export interface HostOptions {
  /** 0 picks a free port. */
  port: number
  /** Must be a loopback address: the host never listens beyond this machine. */
  host?: string
  rendererDir: string
  handlers: BridgeHandlers
  events: EventHub
  /** Fixed token for tests; a random one per launch otherwise. */
  token?: string
  log?: (line: string) => void
}

export interface RunningHost {
  port: number
  /** Origin the page is served from, e.g. http://127.0.0.1:5180 */
  origin: string
  /** What a person opens: carries the per-launch token once, then a cookie takes over. */
  launchUrl: string
  token: string
  stop(): Promise<void>
}

const COOKIE = 'ie_host_token'
const MAX_BODY = 8 * 1024 * 1024
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1'])
const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

export const isLoopbackHost = (host: string): boolean => LOOPBACK_HOSTS.has(host.replace(/^\[|\]$/g, ''))

/**
 * The Host header must name a loopback address on our port; anything else is a
 * DNS-rebinding attempt (a hostile name resolving to 127.0.0.1) and is refused.
 */
export function isAllowedHostHeader(header: string | undefined, port: number): boolean {
  if (!header) return false
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(header.trim().toLowerCase())
  if (!m) return false
  return isLoopbackHost(m[1]) && Number(m[2] ?? 80) === port
}

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function cookieToken(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === COOKIE) return v.join('=')
  }
  return undefined
}

function bearerToken(req: IncomingMessage): string | undefined {
  const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')
  return m?.[1]
}

const securityHeaders = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { ...securityHeaders, 'Content-Type': type, 'Cache-Control': 'no-store' })
  res.end(body)
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new Error('body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const bindHost = opts.host ?? '127.0.0.1'
  if (!isLoopbackHost(bindHost)) throw new Error(`The browser host only listens on loopback, not ${bindHost}`)
  const token = opts.token ?? randomBytes(24).toString('base64url')
  const rendererDir = resolve(opts.rendererDir)
  const sockets = new Set<Socket>()
  let port = opts.port
  let origin = ''

  const authed = (req: IncomingMessage) => sameToken(cookieToken(req), token) || sameToken(bearerToken(req), token)

  async function serveStatic(res: ServerResponse, pathname: string): Promise<void> {
    const rel = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '')
    const file = normalize(join(rendererDir, rel))
    if (file !== rendererDir && !file.startsWith(rendererDir + sep)) return send(res, 403, 'Forbidden')
    try {
      const body = await readFile(file)
      res.writeHead(200, {
        ...securityHeaders,
        'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
        // Built assets carry content hashes; the page itself must always be fresh.
        'Cache-Control': rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
      })
      res.end(body)
    } catch {
      send(res, 404, 'Not found')
    }
  }

  async function serveBridge(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    // A cross-site page can make the browser send our cookie; it cannot forge Origin.
    if (req.headers.origin && req.headers.origin !== origin) return send(res, 403, 'Cross-origin bridge call refused')
    if (!/^application\/json\b/.test(req.headers['content-type'] ?? ''))
      return send(res, 415, 'The bridge takes application/json')
    if (!isBridgeMethodName(method)) return send(res, 404, `No bridge method ${method}`)
    let args: unknown
    try {
      const text = await readBody(req)
      args = text ? JSON.parse(text) : undefined
    } catch {
      return send(
        res,
        400,
        JSON.stringify({ ok: false, error: { kind: 'InvalidArgument', operation: method, message: 'The request body is not valid JSON' } }),
        'application/json',
      )
    }
    const result = await opts.handlers[method](args)
    send(res, 200, JSON.stringify(result), 'application/json')
  }

  function serveEvents(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      ...securityHeaders,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    })
    res.write(': connected\n\n')
    const off = opts.events.on((event) => res.write(`data: ${JSON.stringify(event)}\n\n`))
    // Comments keep proxies and the browser from timing the stream out while nothing happens.
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000)
    req.on('close', () => {
      clearInterval(heartbeat)
      off()
    })
  }

  const server = createServer(async (req, res) => {
    const started = Date.now()
    try {
      if (!isAllowedHostHeader(req.headers.host, port)) return send(res, 421, 'This host only answers on loopback')
      const url = new URL(req.url ?? '/', origin)

      const offered = url.searchParams.get('token')
      if (req.method === 'GET' && offered !== null) {
        if (!sameToken(offered, token)) return send(res, 401, 'This link has expired: open the URL the host printed when it started.')
        url.searchParams.delete('token')
        res.writeHead(302, {
          ...securityHeaders,
          'Set-Cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`,
          Location: url.pathname + url.search + url.hash,
        })
        return res.end()
      }
      if (!authed(req)) return send(res, 401, 'Open the URL the host printed when it started (it carries a one-time token).')

      if (url.pathname.startsWith('/bridge/')) {
        const name = url.pathname.slice('/bridge/'.length)
        if (name === 'events' && req.method === 'GET') return serveEvents(req, res)
        if (req.method !== 'POST') return send(res, 405, 'Bridge methods take POST')
        return await serveBridge(req, res, name)
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed')
      return await serveStatic(res, url.pathname)
    } catch (e) {
      opts.log?.(`host error: ${(e as Error).message}`)
      if (!res.headersSent) send(res, 500, 'Internal error')
      else res.end()
    } finally {
      if (opts.log && !req.url?.startsWith('/bridge/events'))
        res.on('finish', () => opts.log?.(`${req.method} ${req.url?.split('?')[0]} ${res.statusCode} ${Date.now() - started}ms`))
    }
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })

  await new Promise<void>((done, reject) => {
    server.once('error', reject)
    server.listen(opts.port, bindHost, done)
  })
  port = (server.address() as AddressInfo).port
  origin = `http://${bindHost.includes(':') ? `[${bindHost}]` : bindHost}:${port}`

  return {
    port,
    origin,
    token,
    launchUrl: `${origin}/?token=${token}`,
    stop: () =>
      new Promise<void>((done) => {
        for (const s of sockets) s.destroy()
        server.close(() => done())
      }),
  }
}
