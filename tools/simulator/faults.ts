/**
 * Fault injection for RPC requests (never the admin surface).
 *
 * Grammar (whitespace ignored):
 *
 *   spec   := rule ( ';' rule )*
 *   rule   := kind '=' number ( ':' param '=' number )* [ '@' scope ]
 *   scope  := '*' | Operation ( ',' Operation )*        absent = every operation
 *
 *   latency=<ms>      [:jitter=<ms>] [:rate=<0..1>]   delay the answer
 *   error500=<rate>                                 answer 500 WebrpcInternalError
 *   rate429=<rate>    [:retry=<s>] [:burst=<n>]     answer 429 RateLimited with Retry-After;
 *                                                   a hit limits the next burst-1 matching requests too
 *   reset=<rate>                                    send part of the answer, then reset the connection
 *   truncate=<rate>                                 send half of the JSON body as a complete answer
 *   neverAnswer=<rate>                              hold the request until the client or server gives up
 *   wrongTypes=<rate>                               answer 200 with fields of the wrong JSON types
 *   catalogued=<rate>:code=<n>                      answer the catalogue's error with that code
 *                                                   (name, code and HTTP status as the service sends it)
 *   ignoreFilter=<rate>:<filter>=1[:<filter>=1]…    run the operation as if those request filters
 *                                                   had not been sent (a service that ignores them)
 *
 * Example: `latency=5000@GetIntent;error500=0.3;rate429=1:retry=2;reset=0.2@GetIntentHistory`
 *
 * Latencies of all matching rules add up. Of the other kinds, rules are tried in spec
 * order and the first that fires decides the request's fate. Rates are drawn from a
 * stream seeded by the simulator seed, so a given request sequence meets the same faults.
 */
import { Rng } from './rng'
import { wireErrorByCode } from './wireCatalogue'

export const FAULT_KINDS = ['latency', 'error500', 'rate429', 'reset', 'truncate', 'neverAnswer', 'wrongTypes', 'catalogued', 'ignoreFilter'] as const

/** The request filters of GetIntentHistory and SearchIntents a service might not apply. */
const FILTER_FIELDS = [
  'byProjectId', 'byIntentProtocol', 'bySwapProvider', 'byBridgeProvider', 'byOwnerAddress', 'byEdgeAddress', 'byEdgeRail',
  'byEdgeMode', 'byParticipantAddresses', 'originChainId', 'originTokenAddress', 'destinationChainId', 'destinationTokenAddress',
  'fromTime', 'toTime', 'onlyRecoverable', 'byStatus', 'byStatuses', 'byIntentId', 'byTransactionHash', 'byOriginIntentAddress',
  'byDestinationIntentAddress', 'byQueryString',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]
export type FaultOutcome = Exclude<FaultKind, 'latency' | 'ignoreFilter'>

const PARAMS: Record<FaultKind, readonly string[]> = {
  latency: ['jitter', 'rate'],
  error500: [],
  rate429: ['retry', 'burst'],
  reset: [],
  truncate: [],
  neverAnswer: [],
  wrongTypes: [],
  catalogued: ['code'],
  ignoreFilter: FILTER_FIELDS,
}

export interface FaultRule {
  kind: FaultKind
  value: number
  params: Record<string, number>
  /** Operations it applies to; null for all. */
  ops: ReadonlySet<string> | null
}

export interface FaultPlan {
  latencyMs: number
  outcome: FaultOutcome | null
  retryAfterSec: number
  /** For `catalogued`: the catalogue code to answer with. */
  errorCode?: number
  /** Request filters to drop before the operation runs (`ignoreFilter`). */
  ignoredFilters: string[]
}

export class FaultSpecError extends Error {}

function parseNumber(text: string, what: string): number {
  const n = Number(text)
  if (text.trim() === '' || !Number.isFinite(n) || n < 0) throw new FaultSpecError(`${what} must be a non-negative number, got "${text}"`)
  return n
}

export function parseFaults(spec: string, operations: readonly string[]): FaultRule[] {
  const rules: FaultRule[] = []
  for (const raw of spec.split(';')) {
    const text = raw.replace(/\s+/g, '')
    if (!text) continue
    const [body, scope] = text.split('@') as [string, string | undefined]
    const [head, ...paramParts] = body.split(':')
    const [kindText, valueText = ''] = head.split('=')
    const kind = FAULT_KINDS.find((k) => k === kindText)
    if (!kind) throw new FaultSpecError(`unknown fault "${kindText}" in "${raw.trim()}"; known: ${FAULT_KINDS.join(', ')}`)
    const value = parseNumber(valueText, `${kind} value`)
    if (kind !== 'latency' && value > 1) throw new FaultSpecError(`${kind} takes a rate between 0 and 1, got ${value}`)
    const params: Record<string, number> = {}
    for (const part of paramParts) {
      const [name, v = ''] = part.split('=')
      if (!PARAMS[kind].includes(name)) throw new FaultSpecError(`${kind} has no parameter "${name}"; it takes: ${PARAMS[kind].join(', ') || 'none'}`)
      params[name] = parseNumber(v, `${kind}:${name}`)
    }
    if (params.rate !== undefined && params.rate > 1) throw new FaultSpecError(`${kind}:rate must be between 0 and 1`)
    if (kind === 'ignoreFilter' && Object.keys(params).length === 0) throw new FaultSpecError(`ignoreFilter needs the filters to ignore, e.g. ignoreFilter=1:byStatus=1`)
    if (kind === 'catalogued' && (params.code === undefined || !wireErrorByCode(params.code)))
      throw new FaultSpecError(`catalogued needs :code=<n> with a code of the service's catalogue, got ${params.code ?? 'none'}`)
    let ops: Set<string> | null = null
    if (scope !== undefined && scope !== '*') {
      ops = new Set(scope.split(','))
      for (const op of ops) if (!operations.includes(op)) throw new FaultSpecError(`unknown operation "${op}" in "${raw.trim()}"`)
    }
    rules.push({ kind, value, params, ops })
  }
  return rules
}

const STREAM_FAULTS = 71

export class Faults {
  private rules: FaultRule[] = []
  private text = ''
  private rng: Rng
  /** Remaining forced 429s per rule, for bursts. */
  private burstLeft = new Map<FaultRule, number>()

  constructor(
    private readonly seed: number,
    private readonly operations: readonly string[],
  ) {
    this.rng = new Rng(seed, STREAM_FAULTS)
  }

  /** Replaces the active faults; throws FaultSpecError, leaving them unchanged, if invalid. */
  set(spec: string): void {
    this.rules = parseFaults(spec, this.operations)
    this.text = spec.trim()
    this.rng = new Rng(this.seed, STREAM_FAULTS)
    this.burstLeft.clear()
  }

  get spec(): string {
    return this.text
  }

  plan(op: string): FaultPlan {
    const plan: FaultPlan = { latencyMs: 0, outcome: null, retryAfterSec: 0, ignoredFilters: [] }
    for (const rule of this.rules) {
      if (rule.ops && !rule.ops.has(op)) continue
      if (rule.kind === 'latency') {
        if (this.rng.chance(rule.params.rate ?? 1)) plan.latencyMs += rule.value + (rule.params.jitter ? this.rng.float() * rule.params.jitter : 0)
        continue
      }
      if (rule.kind === 'ignoreFilter') {
        if (this.rng.chance(rule.value)) plan.ignoredFilters.push(...Object.keys(rule.params))
        continue
      }
      if (plan.outcome) continue
      const burst = this.burstLeft.get(rule) ?? 0
      const fires = burst > 0 || this.rng.chance(rule.value)
      if (!fires) continue
      plan.outcome = rule.kind
      if (rule.kind === 'catalogued') plan.errorCode = rule.params.code
      if (rule.kind === 'rate429') {
        plan.retryAfterSec = rule.params.retry ?? 1
        this.burstLeft.set(rule, burst > 0 ? burst - 1 : Math.max(0, (rule.params.burst ?? 1) - 1))
      }
    }
    return plan
  }
}

function wrongType(v: unknown): unknown {
  switch (typeof v) {
    case 'string':
      return 12345
    case 'number':
    case 'bigint':
      return 'not a number'
    case 'boolean':
      return v ? 'yes' : 'no'
    default:
      return v === null || v === undefined ? 0 : Array.isArray(v) ? { length: v.length } : 'object'
  }
}

/**
 * The answer with every other field (first, third, …) of each object replaced by a
 * value of another JSON type, down to a few levels: what a client's validation must catch.
 */
export function mangleTypes(value: unknown, depth = 0): unknown {
  if (depth > 3) return value
  if (Array.isArray(value)) return value.map((v) => mangleTypes(v, depth + 1))
  if (typeof value !== 'object' || value === null) return value
  const out: Record<string, unknown> = {}
  Object.entries(value).forEach(([k, v], i) => {
    out[k] = i % 2 === 0 ? wrongType(v) : mangleTypes(v, depth + 1)
  })
  return out
}
