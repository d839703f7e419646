import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import nodePath, { extname, resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import { isLoopbackHostname, urlOf } from '../../src-shared/contract/app'
import { orElse } from '../../src-shared/contract/errors'
import { isBridgeMethodName } from '../../src-shared/contract/channels'
import type { BridgeHandlers } from '../bridge/handlers'
import type { EventHub } from '../events/hub'
import { RENDERER_CSP } from '../electron/security'
import { resolveRendererFile } from '../electron/rendererPath'
import { HostSessions } from './session'
import { logoHeaders, type LogoFiles } from '../logos/serve'

export interface HostOptions {
  /** 0 picks a free port. */
  port: number
  /** Must be a loopback address: the host never listens beyond this machine. */
  host?: string
  rendererDir: string
  handlers: BridgeHandlers
  events: EventHub
  /** Fixed first launch secret for tests; a random one per launch otherwise. */
  token?: string
  /** Stored logos, served at `/logos/<name>` (see `logos/store.ts`). */
  logos?: LogoFiles
  /** Event streams open at once (tabs of the app); more are refused with 503. */
  maxEventStreams?: number
  log?: (line: string) => void
}

export interface RunningHost {
  port: number
  /** Origin the page is served from, e.g. http://127.0.0.1:5180 */
  origin: string
  /** What a person opens: carries a launch secret that the page trades, once, for its session. */
  launchUrl: string
  /** The launch secret in `launchUrl`. */
  token: string
  /** Another single-use launch URL (a test's or benchmark's fresh browser, say). */
  newLaunchUrl(): string
  stop(): Promise<void>
}

/** The largest bridge call body; the largest real one (500 balance queries) is a few dozen KiB. */
export const MAX_BRIDGE_BODY = 1024 * 1024
export const DEFAULT_MAX_EVENT_STREAMS = 16
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

/** The Host header must name a loopback address on our port; anything else is DNS rebinding (a hostile name resolving to 127.0.0.1). */
export function isAllowedHostHeader(header: string | undefined, port: number): boolean {
  if (!header) return false
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(header.trim().toLowerCase())
  if (!m) return false
  return isLoopbackHostname(m[1]) && Number(m[2] ?? 80) === port
}

/** Origins the page may be served from: any loopback name on our port. */
export function isOwnOrigin(origin: string, port: number): boolean {
  const m = /^http:\/\/(\[::1\]|127\.0\.0\.1|localhost):(\d+)$/.exec(origin.toLowerCase())
  return m !== null && Number(m[2]) === port
}

/** A request the page could not have made: another Origin, or Sec-Fetch-Site naming another site (a local page on another port is same-site). */
function fromElsewhere(req: IncomingMessage, port: number): boolean {
  const origin = req.headers.origin
  if (origin !== undefined && !isOwnOrigin(origin, port)) return true
  const site = req.headers['sec-fetch-site']
  return site !== undefined && site !== 'same-origin'
}

function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer ([A-Za-z0-9_-]{1,200})$/.exec(req.headers.authorization ?? '')?.[1]
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

/** The body as JSON (`undefined` when empty), or why it cannot be read. */
async function readJsonBody(req: IncomingMessage): Promise<{ value: unknown } | 'tooLarge' | 'notJson'> {
  if (Number(req.headers['content-length']) > MAX_BRIDGE_BODY) return 'tooLarge'
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BRIDGE_BODY) return 'tooLarge'
    chunks.push(chunk as Buffer)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  return orElse<{ value: unknown } | 'notJson'>(() => ({ value: text ? JSON.parse(text) : undefined }), 'notJson')
}

const sendJson = (res: ServerResponse, status: number, value: unknown) => send(res, status, JSON.stringify(value), 'application/json')

const refusal = (method: string, kind: string, message: string) => ({ ok: false, error: { kind, operation: method, message } })

/** The renderer's files are the app's public code: served to anyone on loopback, never a secret. */
async function serveStatic(opts: HostOptions, rendererDir: string, res: ServerResponse, pathname: string): Promise<void> {
  if (pathname.startsWith('/logos/')) return serveLogo(opts, res, pathname.slice('/logos/'.length))
  const file = resolveRendererFile(rendererDir, pathname, nodePath)
  if (!file) return send(res, 404, 'Not found')
  return sendFile(res, file, {
    'Content-Type': MIME[extname(file)] ?? 'application/octet-stream',
    // Built assets carry content hashes; the page itself must always be fresh.
    'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
  })
}

function serveLogo(opts: HostOptions, res: ServerResponse, name: string): Promise<void> | void {
  const file = opts.logos?.fileFor(name)
  return file ? sendFile(res, file, logoHeaders(name)) : send(res, 404, 'Not found')
}

/** A file with the security headers and its own (which win), or 404 when it cannot be read. */
async function sendFile(res: ServerResponse, file: string, headers: Record<string, string>): Promise<void> {
  try {
    const body = await readFile(file)
    res.writeHead(200, { ...securityHeaders, ...headers })
    res.end(body)
  } catch {
    send(res, 404, 'Not found')
  }
}

/** `POST /session {"launch": secret}` → `{"session": credential}`, once per launch secret. */
async function serveExchange(sessions: HostSessions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJsonBody(req)
  if (body === 'tooLarge') return send(res, 413, 'Too large')
  if (body === 'notJson' || body.value === undefined) return send(res, 400, 'The body must be {"launch": "<secret from the launch URL>"}')
  const launch = (body.value as { launch?: unknown } | undefined)?.launch
  const session = typeof launch === 'string' ? sessions.exchange(launch) : undefined
  if (!session)
    return send(res, 401, 'This launch link has already been used or is not from this host: open the tab it was used in, or restart the host for a new link.')
  return sendJson(res, 200, { session })
}

async function serveBridge(opts: HostOptions, req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
  if (!isBridgeMethodName(method)) return send(res, 404, `No bridge method ${method}`)
  const body = await readJsonBody(req)
  if (body === 'tooLarge')
    return sendJson(res, 413, refusal(method, 'InvalidArgument', `The request is larger than the ${MAX_BRIDGE_BODY / 1024} KiB a bridge call may carry`))
  if (body === 'notJson') return sendJson(res, 400, refusal(method, 'InvalidArgument', 'The request body is not valid JSON'))
  // A tab that gives a call up (a new search, a view left) closes its connection: the
  // call's work in main and its service request are abandoned, and nothing is sent.
  const gone = new AbortController()
  const onClose = () => {
    if (!res.writableFinished) gone.abort()
  }
  res.on('close', onClose)
  try {
    const result = await opts.handlers[method](body.value, { signal: gone.signal })
    if (!gone.signal.aborted) sendJson(res, 200, result)
  } finally {
    res.off('close', onClose)
  }
}

/** The bridge's event stream, at most `max` at once (each holds a connection and a listener). */
function eventStreams(opts: HostOptions) {
  const max = opts.maxEventStreams ?? DEFAULT_MAX_EVENT_STREAMS
  let open = 0
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (open >= max) return send(res, 503, `At most ${max} tabs can follow the app's events at once: close one and reload.`)
    open++
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
      open--
      clearInterval(heartbeat)
      off()
    })
  }
}

export async function startHost(opts: HostOptions): Promise<RunningHost> {
  const bindHost = opts.host ?? '127.0.0.1'
  if (!isLoopbackHostname(bindHost)) throw new Error(`The browser host only listens on loopback, not ${bindHost}`)
  const sessions = new HostSessions()
  const token = sessions.issueLaunchSecret(opts.token)
  const rendererDir = resolve(opts.rendererDir)
  const serveEvents = eventStreams(opts)
  let port = opts.port
  let origin = ''

  /** Everything under /bridge/ and /session: our own page only, with its session credential. */
  async function serveApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // A page elsewhere can make the browser send a request here; it cannot forge Origin.
    if (fromElsewhere(req, port)) return send(res, 403, 'Refused: this request did not come from the app page')
    if (url.pathname === '/session') {
      if (req.method !== 'POST') return send(res, 405, 'The launch secret is exchanged by POST')
      if (!isJson(req)) return send(res, 415, 'The exchange takes application/json')
      return serveExchange(sessions, req, res)
    }
    // EventSource cannot send headers, so the stream alone also takes the credential in its URL.
    const offered = bearerToken(req) ?? (url.pathname === '/bridge/events' ? (url.searchParams.get('session') ?? undefined) : undefined)
    if (!sessions.isSession(offered)) return send(res, 401, 'Open the URL the host printed when it started (it carries a one-time launch secret).')
    const name = url.pathname.slice('/bridge/'.length)
    if (name === 'events' && req.method === 'GET') return serveEvents(req, res)
    if (req.method !== 'POST') return send(res, 405, 'Bridge methods take POST')
    if (!isJson(req)) return send(res, 415, 'The bridge takes application/json')
    return serveBridge(opts, req, res, name)
  }

  const server = createServer(async (req, res) => {
    const started = Date.now()
    try {
      if (!isAllowedHostHeader(req.headers.host, port)) return send(res, 421, 'This host only answers on loopback')
      const url = requestUrl(req.url, origin)
      if (!url) return send(res, 400, 'Malformed request path')
      if (url.pathname === '/session' || url.pathname.startsWith('/bridge/')) return await serveApi(req, res, url)
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed')
      return await serveStatic(opts, rendererDir, res, url.pathname)
    } catch (e) {
      opts.log?.(`host error: ${(e as Error).message}`)
      if (!res.headersSent) send(res, 500, 'Internal error')
      else res.end()
    } finally {
      if (opts.log && !req.url?.startsWith('/bridge/events'))
        res.on('finish', () => opts.log?.(`${req.method} ${req.url?.split('?')[0]} ${res.statusCode} ${Date.now() - started}ms`))
    }
  })

  await new Promise<void>((done, reject) => {
    server.once('error', reject)
    server.listen(opts.port, bindHost, done)
  })
  port = (server.address() as AddressInfo).port
  origin = `http://${bindHost.includes(':') ? `[${bindHost}]` : bindHost}:${port}`
  const launchUrlFor = (secret: string) => `${origin}/?token=${secret}`

  return {
    port,
    origin,
    token,
    launchUrl: launchUrlFor(token),
    newLaunchUrl: () => launchUrlFor(sessions.issueLaunchSecret()),
    stop: () =>
      new Promise<void>((done) => {
        // Open event streams and kept-alive connections too: close() alone waits for them.
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

const isJson = (req: IncomingMessage) => /^application\/json\b/.test(req.headers['content-type'] ?? '')

/** The request's URL as a path on our own origin (`//elsewhere/x` stays a path), or `undefined` when malformed or not decodable. */
function requestUrl(raw: string | undefined, origin: string): URL | undefined {
  if (!raw?.startsWith('/')) return undefined
  const url = urlOf(origin + raw)
  const decodes = url !== undefined && orElse(() => decodeURIComponent(url.pathname) !== undefined, false)
  return decodes ? url : undefined
}
