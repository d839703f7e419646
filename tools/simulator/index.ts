/**
 * The service simulator: a real HTTP server speaking the intent service's RPC surface
 * over a seeded dataset, started by tests, benchmarks, the doctor and the command line
 * (cli.ts); and the same answers without a socket (`createResponder`), the app's demo.
 */
import { adminRoutes } from './admin'
import type { SimClock } from './clock'
import type { ResponseShape } from './context'
import type { Dataset } from './dataset'
import { parseFaults } from './faults'
import { SIM_EPOCH_MS } from './generate'
import { OPERATION_NAMES } from './ops'
import type { IntentRecord } from './records'
import { createRpcResponder, createSimServer, type SimAnswer, type SimRequest } from './server'
import { simWire } from './dialect'
import type { WireDialectInput } from '../../src-shared/contract/dialect'
import { Simulation, type AdvanceOptions, type CreateIntentOptions } from './simulation'

export { BIG_AMOUNT, BIG_AMOUNT_INTENT_ID, HEAVY_OWNER_ADDRESS, SIM_EPOCH_MS } from './generate'
export { UNAVAILABLE_YIELD_ID } from './markets'
export { FaultSpecError } from './faults'
export { ROUTE_PROVIDERS, PROVIDER_CODES } from './providers'
export { CHAINS, EDGE_RAIL } from './chains'
export { INTENT_STATUSES, type IntentRecord, type IntentStatus } from './records'
export { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './ops/getIntentHistory'
export { SEARCH_LIMIT } from './ops/searchIntents'
export type { AdvanceOptions, CreateIntentOptions } from './simulation'
export type { SimClock } from './clock'
export type { SimAnswer, SimRequest } from './server'
export type { Dataset } from './dataset'

/** How long WaitIntentReceipt holds by default (the spec leaves it open). */
export const DEFAULT_WAIT_TIMEOUT_MS = 20_000

export interface SimulatorOptions {
  /** 0 = a free port. Default 0. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Dataset seed. Default 1. */
  seed?: number
  /** Number of seeded intents. Default 2000. */
  intents?: number
  /** Accepted X-Access-Key values. Default ['demo-key']. */
  accessKeys?: string[]
  /** How long WaitIntentReceipt holds before answering `done: false`. Default DEFAULT_WAIT_TIMEOUT_MS. */
  waitTimeoutMs?: number
  /** Quote validity and the execute-after-commit window. Default 600000. */
  commitWindowMs?: number
  /** Answer the operations beyond the spec (Ping, RuntimeStatus, Clock, GetTokenPrices, AbortIntent, …). Default true. */
  extras?: boolean
  /** Fault spec (see faults.ts / README). Default none. */
  faults?: string
  /** Which of the spec's alternative response shapes to send. Default 'spec'. */
  shape?: ResponseShape
  /**
   * The wire form served: the spec's by default; a service name, vendor renames and
   * string big integers serve a deployed service's wire, shapes and enums included.
   */
  dialect?: WireDialectInput
  /** Serve the `/__sim/` admin surface. Default false. */
  admin?: boolean
  /** Log one line per request. Default false. */
  verbose?: boolean
  /** Where log lines go. Default console.log. */
  log?: (line: string) => void
  /**
   * Epoch ms the simulated clock starts at, and the dataset's "now". Default
   * SIM_EPOCH_MS (2026-11-20T12:00:00Z), so every run serves identical data; pass
   * Date.now() to have the data end at the real present instead.
   */
  startAt?: number
}

export interface RunningSimulator {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string
  port: number
  /** Stops the server, closing every connection including held long-polls. */
  stop(): Promise<void>
  /**
   * Goes down as a crashed or restarted service would: stops listening and drops every
   * connection (held long-polls included), keeping the dataset, clock and faults.
   */
  stopListening(): Promise<void>
  /** Listens again on the same address and port, so every client's URL stays valid. */
  startListening(): Promise<void>
  /** Ground truth: the records behind every answer (replaced by reset()). */
  readonly dataset: Dataset
  /** The simulated clock: now(), set(), advance(), setOffset(), freeze(), resume(). */
  readonly clock: SimClock
  /** Replaces the active faults; throws FaultSpecError when the spec is invalid. */
  setFaults(spec: string): void
  /** Mirrors `/__sim/createIntent`. */
  createIntent(opts?: CreateIntentOptions): IntentRecord
  /** Mirrors `/__sim/advance`. */
  advance(intentId: string, opts?: AdvanceOptions): IntentRecord
  /** Mirrors `/__sim/reset`: the seeded dataset, the initial clock, no faults. */
  reset(): void
}

const wholeNumber = (name: string, v: number, min: number) => {
  if (!Number.isInteger(v) || v < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${v}`)
  return v
}

/** The simulation and its accepted keys from the options, checked first so a typo fails fast. */
function simulationOf(opts: SimulatorOptions): { sim: Simulation; accessKeys: ReadonlySet<string> } {
  const accessKeys = opts.accessKeys ?? ['demo-key']
  if (accessKeys.length === 0 || accessKeys.some((k) => k === '')) throw new RangeError('accessKeys must hold at least one non-empty key')
  const shape = opts.shape ?? 'spec'
  if (shape !== 'spec' && shape !== 'payload') throw new RangeError(`shape must be 'spec' or 'payload', got ${String(shape)}`)
  // Checked before the dataset is generated, so a typo fails fast.
  if (opts.faults) parseFaults(opts.faults, OPERATION_NAMES)
  const sim = new Simulation({
    seed: wholeNumber('seed', opts.seed ?? 1, 0),
    intents: wholeNumber('intents', opts.intents ?? 2000, 1),
    startAt: opts.startAt ?? SIM_EPOCH_MS,
    waitTimeoutMs: wholeNumber('waitTimeoutMs', opts.waitTimeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS, 0),
    commitWindowMs: wholeNumber('commitWindowMs', opts.commitWindowMs ?? 600_000, 1),
    shape,
    wire: simWire(opts.dialect),
    extras: opts.extras ?? true,
  })
  if (opts.faults) sim.setFaults(opts.faults)
  return { sim, accessKeys: new Set(accessKeys) }
}

/** The simulator without a socket: the HTTP server's own answers, asked in the same process. */
export interface SimResponder {
  /** Answers one request as the server would (a `cut` answer is a connection the server would close). */
  respond(req: SimRequest): Promise<SimAnswer>
  /** Stops the simulation's timers and ends held requests (answered as dropped). */
  stop(): void
}

/**
 * The simulator as a function instead of a server: the same routing, key checks, faults and
 * operations the HTTP server runs (it calls this very code), with nothing listening. The
 * app's demo uses it; `port`, `host` and `admin` do not apply.
 */
export function createResponder(opts: Omit<SimulatorOptions, 'port' | 'host' | 'admin'> = {}): SimResponder {
  const { sim, accessKeys } = simulationOf(opts)
  const respond = createRpcResponder({ sim, accessKeys })
  const log = opts.verbose ? (opts.log ?? ((line: string) => console.log(line))) : null
  const live = new Set<AbortController>()
  return {
    async respond(req) {
      const started = performance.now()
      // Held requests end when the responder stops, as the server's do when it closes.
      const ac = new AbortController()
      const onAbort = () => ac.abort()
      req.signal.addEventListener('abort', onAbort, { once: true })
      if (req.signal.aborted) ac.abort()
      live.add(ac)
      try {
        const { answer, fault } = await respond({ ...req, signal: ac.signal })
        log?.(`${req.method} ${req.path.split('?')[0]} ${answer.cut ? 'aborted' : answer.status} ${Math.round(performance.now() - started)}ms${fault ? ` fault=${fault}` : ''}`)
        return answer
      } finally {
        live.delete(ac)
        req.signal.removeEventListener('abort', onAbort)
      }
    },
    stop() {
      sim.stop()
      for (const ac of live) ac.abort()
    },
  }
}

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const { sim, accessKeys } = simulationOf(opts)
  const log = opts.verbose ? (opts.log ?? ((line: string) => console.log(line))) : null
  const http = createSimServer({ sim, accessKeys, admin: opts.admin ? adminRoutes(sim) : null, log })
  const host = opts.host ?? '127.0.0.1'
  let port: number
  try {
    port = await http.listen(opts.port ?? 0, host)
  } catch (e) {
    sim.stop()
    throw e
  }
  const urlHost = host.includes(':') ? `[${host}]` : host

  return {
    url: `http://${urlHost}:${port}`,
    port,
    async stop() {
      sim.stop()
      await http.close()
    },
    stopListening: () => http.close(),
    async startListening() {
      await http.listen(port, host)
    },
    get dataset() {
      return sim.ctx.dataset
    },
    get clock() {
      return sim.ctx.clock
    },
    setFaults: (spec) => sim.setFaults(spec),
    createIntent: (o) => sim.createIntent(o),
    advance: (id, o) => sim.advance(id, o),
    reset: () => sim.reset(),
  }
}
