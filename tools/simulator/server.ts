/**
 * The HTTP front: routing, access keys, body parsing, fault injection, error bodies,
 * request logging, and shutting down with every socket (held long-polls included).
 *
 * Order of checks for `/rpc/<ServiceName>/<Operation>` (`Svc` in the spec's form): method
 * (405), operation (404), access key (401), body (400), then faults, then the operation.
 * Requests have the wire's field names turned into the spec's, answers the reverse.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AdminRoutes } from './admin'
import { Args } from './args'
import { SimError, type WebrpcErrorBody } from './errors'
import { wireErrorByCode } from './wireCatalogue'
import { MAX_TIMER_DELAY_MS, sleep } from './timer'
import { mangleTypes, type FaultOutcome, type FaultPlan } from './faults'
import { EXTRA_OPERATIONS, OPERATIONS } from './ops'
import type { Simulation } from './simulation'
import { JsonText, parseJson, toJson } from './wire'
import type { SimWire } from './dialect'

const ADMIN_PREFIX = '/__sim/'
const MAX_BODY_BYTES = 10 * 1024 * 1024

export interface ServerOptions extends RpcOptions {
  admin: AdminRoutes | null
  /** Receives one line per request; absent = quiet. */
  log: ((line: string) => void) | null
}

class BodyError extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY_BYTES) {
        reject(new BodyError(`request body exceeds ${MAX_BODY_BYTES} bytes`))
        req.destroy()
      } else chunks.push(c)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

/** A body's text as JSON; an empty body counts as `{}`. */
function parseBody(text: string): unknown {
  if (text.trim() === '') return {}
  try {
    return parseJson(text)
  } catch (e) {
    throw new SimError('BadRequest', 'request body is not valid JSON', (e as Error).message)
  }
}

const bodyOf = async (req: IncomingMessage): Promise<string> => {
  try {
    return await readBody(req)
  } catch (e) {
    throw new SimError('BadRequest', e instanceof BodyError ? e.message : 'could not read the request body')
  }
}

/** The request body as JSON; an empty body counts as `{}`. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  return parseBody(await bodyOf(req))
}

/** A request as the simulator reads it, from a socket or handed over in the same process. */
export interface SimRequest {
  method: string
  /** The path, query included or not. */
  path: string
  /** A header's value by its lower-case name. */
  header(name: string): string | undefined
  /** The body's text (read only once the request has passed the checks before it). */
  body(): Promise<string>
  /** Aborted when the asker hangs up (or the simulator stops). */
  signal: AbortSignal
}

/**
 * The simulator's answer. `cut` is a connection cut short by a fault or a hang-up:
 * `drop` = closed with nothing sent; `reset` = the head and half the body sent, then closed.
 */
export interface SimAnswer {
  status: number
  headers: Record<string, string>
  body: string
  cut?: 'drop' | 'reset'
}

const jsonAnswer = (status: number, body: string, headers: Record<string, string> = {}): SimAnswer => ({
  status,
  headers: { 'Content-Type': 'application/json', ...headers },
  body,
})

const errorAnswer = (e: unknown, headers: Record<string, string> = {}): SimAnswer => {
  const err = e instanceof SimError ? e : new SimError('InternalError', 'internal server error', e instanceof Error ? e.message : String(e))
  return jsonAnswer(err.status, JSON.stringify(err.body() satisfies WebrpcErrorBody), headers)
}

export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...headers })
  res.end(body)
}

export function sendError(res: ServerResponse, e: unknown): number {
  return writeAnswer(res, errorAnswer(e))
}

/** Writes an answer to a socket, cutting the connection as the answer says; the status logged. */
function writeAnswer(res: ServerResponse, a: SimAnswer): number {
  if (a.cut === 'drop') {
    res.destroy()
    return 0
  }
  if (a.cut === 'reset') {
    res.writeHead(a.status, { ...a.headers, 'Content-Length': String(Buffer.byteLength(a.body)) })
    res.write(a.body.slice(0, Math.floor(a.body.length / 2)), () => res.destroy())
    return a.status
  }
  sendJson(res, a.status, a.body, a.headers)
  return a.status
}

/** The request as a service that ignores some filters reads it: without them. */
function withoutFilters(body: unknown, ignored: readonly string[]): unknown {
  if (!ignored.length || typeof body !== 'object' || body === null || Array.isArray(body)) return body
  return Object.fromEntries(Object.entries(body).filter(([k]) => !ignored.includes(k)))
}

/** Faults that answer in place of the operation; null when the operation should run. */
async function preempt(plan: FaultPlan, signal: AbortSignal): Promise<SimAnswer | null> {
  switch (plan.outcome) {
    case 'neverAnswer':
      // Until the client hangs up: an hour, the longest timer, outlasts every client deadline.
      await sleep(MAX_TIMER_DELAY_MS, signal)
      return { ...jsonAnswer(0, ''), cut: 'drop' }
    case 'error500':
      return errorAnswer(new SimError('InternalError', 'internal server error', 'injected fault'))
    case 'catalogued': {
      const entry = wireErrorByCode(plan.errorCode ?? NaN)!
      return errorAnswer(new SimError(entry, entry.msg, 'injected fault'))
    }
    case 'rate429':
      return errorAnswer(new SimError('RateLimited', `rate limited; retry after ${plan.retryAfterSec}s`), { 'Retry-After': String(plan.retryAfterSec) })
    default:
      return null
  }
}

/** The operation's result, bent by the planned fault if it is one of the answer-shaping kinds. */
function answer(result: unknown, outcome: FaultOutcome | null, wire: SimWire): SimAnswer {
  const text = wire.renameOut(
    outcome === 'wrongTypes'
      ? toJson(mangleTypes(result instanceof JsonText ? parseJson(result.text) : result))
      : result instanceof JsonText
        ? result.text
        : wire.json(result),
  )
  if (outcome === 'reset') return { ...jsonAnswer(200, text), cut: 'reset' }
  return jsonAnswer(200, outcome === 'truncate' ? text.slice(0, Math.floor(text.length / 2)) : text)
}

export interface RpcOptions {
  sim: Simulation
  accessKeys: ReadonlySet<string>
}

/** What the simulator answered, and the fault it injected, if any. */
export interface Responded {
  answer: SimAnswer
  fault: FaultOutcome | null
}

async function rpc(o: RpcOptions, req: SimRequest, op: string): Promise<Responded> {
  if (req.method !== 'POST') throw new SimError('BadMethod', `${req.method} is not allowed; use POST`)
  const handler = OPERATIONS[op]
  if (!handler || (!o.sim.ctx.extras && op in EXTRA_OPERATIONS)) throw new SimError('BadRoute', `unknown operation ${op}`)
  const key = req.header('x-access-key')
  if (typeof key !== 'string' || key === '') throw new SimError('AccessKeyNotFound', 'missing access key: send it in the X-Access-Key header')
  if (!o.accessKeys.has(key)) throw new SimError('AccessKeyNotFound', 'unknown access key')
  const body = o.sim.ctx.wire.renameIn(parseBody(await req.body()))

  const plan = o.sim.faults.plan(op)
  if (plan.latencyMs > 0) await sleep(plan.latencyMs, req.signal)
  const preempted = await preempt(plan, req.signal)
  if (preempted !== null) return { answer: preempted, fault: plan.outcome }

  const { ctx } = o.sim
  ctx.lifecycle.tick()
  const result = await handler({ ctx, args: Args.of(withoutFilters(body, plan.ignoredFilters)), signal: req.signal })
  return { answer: answer(result, plan.outcome, ctx.wire), fault: plan.outcome }
}

/**
 * The service's RPC surface as one function: what the HTTP server answers on a socket,
 * and what the app's demo answers in its own process (no socket). An answer to a request
 * whose asker hung up is a `drop`.
 */
export function createRpcResponder(o: RpcOptions): (req: SimRequest) => Promise<Responded> {
  return async (req) => {
    const path = req.path.split('?')[0]
    try {
      const rpcPrefix = o.sim.ctx.wire.rpcPrefix
      if (!path.startsWith(rpcPrefix)) throw new SimError('BadRoute', `no route for ${path}`)
      return await rpc(o, req, path.slice(rpcPrefix.length))
    } catch (e) {
      return { answer: req.signal.aborted ? { ...jsonAnswer(0, ''), cut: 'drop' } : errorAnswer(e), fault: null }
    }
  }
}

export interface SimServer {
  server: Server
  listen(port: number, host: string): Promise<number>
  /** Closes the listener and every connection, aborting held requests. */
  close(): Promise<void>
}

export function createSimServer(o: ServerOptions): SimServer {
  const live = new Set<AbortController>()
  const respond = createRpcResponder(o)

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now()
    const ac = new AbortController()
    live.add(ac)
    res.on('close', () => {
      live.delete(ac)
      // Only a request cut short has work to cancel; aborting costs an exception object.
      if (!res.writableFinished) ac.abort()
    })
    const path = (req.url ?? '/').split('?')[0]
    let status: number
    let fault: FaultOutcome | null = null
    try {
      if (o.admin && path.startsWith(ADMIN_PREFIX)) status = await o.admin.handle(req, res, path.slice(ADMIN_PREFIX.length))
      else {
        const header = (name: string) => {
          const v = req.headers[name]
          return Array.isArray(v) ? v.join(', ') : v
        }
        const responded = await respond({ method: req.method ?? 'GET', path, header, body: () => bodyOf(req), signal: ac.signal })
        fault = responded.fault
        status = writeAnswer(res, responded.answer)
      }
    } catch (e) {
      status = ac.signal.aborted ? 0 : sendError(res, e)
    }
    const outcome = res.writableEnded ? String(status) : 'aborted'
    o.log?.(`${req.method} ${path} ${outcome} ${Math.round(performance.now() - started)}ms${fault ? ` fault=${fault}` : ''}`)
  }

  const server = createServer((req, res) => void handle(req, res))
  server.keepAliveTimeout = 60_000

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => {
          server.off('error', reject)
          resolve((server.address() as AddressInfo).port)
        })
      })
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve())
        for (const ac of live) ac.abort()
        server.closeAllConnections()
      })
    },
  }
}
