/**
 * The seeded initial dataset. Same (seed, size, commit window) → same intents, ids,
 * amounts and statuses; `startAt` only shifts every timestamp by the same amount.
 *
 * Shape:
 * - Settled intents span the 180 days before `startAt`, denser towards the present. Ids ascend
 *   with createdAt, which is unique per intent.
 * - The newest ~1% (6 to 60 intents, created in the last 20 minutes) are in flight:
 *   QUOTED, COMMITTED (most of which execute by themselves a little later) and EXECUTING
 *   (which finish over the following seconds to minutes). Everything older is settled.
 * - One owner, HEAVY_OWNER_ADDRESS, holds min(5000, n/4) intents; the rest follow a
 *   power law from single-intent wallets to wallets with thousands of intents.
 * - The oldest intent (id 1) is BIG_AMOUNT_INTENT_ID: 1234567890123456789012 wei of WETH
 *   on Ethereum (18 decimals), SUCCEEDED.
 * - Ids 2-6 are FAILED, REFUNDED, ABORTED (recoverable), INVALID and QUOTED, so every
 *   status exists even in tiny datasets.
 */
import { Dataset } from './dataset'
import { buildRecord, drawParams, type IntentParams } from './intentFactory'
import { beginExecution, catchUp, settle, stageOffsets, startExecution, type MachineEnv } from './machine'
import type { IntentRecord, IntentStatus, Outcome } from './records'
import { Rng, Weighted } from './rng'
import { tokenBySymbol } from './tokens'

/** Default start of the simulated clock: the dataset's "now". */
export const SIM_EPOCH_MS = Date.UTC(2026, 10, 20, 12, 0, 0)
export const BIG_AMOUNT = 1234567890123456789012n
export const BIG_AMOUNT_INTENT_ID = '0x1234567890123456789012000000000000000000000000000000000000000000'
export const HEAVY_OWNER_ADDRESS = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'
export const HEAVY_OWNER_MAX = 5000

const DAY = 86_400_000
const SPAN_MS = 180 * DAY
const IN_FLIGHT_WINDOW_MS = 20 * 60_000

const STREAM_GEN = 1
const STREAM_OWNER = 2

type Plan = { status: IntentStatus; outcome?: Outcome }

const SETTLED = new Weighted<Plan>([
  [{ status: 'SUCCEEDED', outcome: 'SUCCESS' }, 72],
  [{ status: 'FAILED', outcome: 'FAIL_ORIGIN' }, 5],
  [{ status: 'FAILED', outcome: 'FAIL_DESTINATION' }, 3],
  [{ status: 'REFUNDED', outcome: 'REFUND' }, 4],
  [{ status: 'ABORTED' }, 5],
  [{ status: 'INVALID' }, 2],
  [{ status: 'QUOTED' }, 9],
])
const IN_FLIGHT = new Weighted<IntentStatus>([
  ['QUOTED', 20],
  ['COMMITTED', 20],
  ['EXECUTING', 60],
])
const FORCED_SETTLED: Plan[] = [
  { status: 'SUCCEEDED', outcome: 'SUCCESS' },
  { status: 'FAILED', outcome: 'FAIL_ORIGIN' },
  { status: 'REFUNDED', outcome: 'REFUND' },
  { status: 'ABORTED' },
  { status: 'INVALID' },
  { status: 'QUOTED' },
]
const FORCED_IN_FLIGHT: IntentStatus[] = ['QUOTED', 'COMMITTED', 'EXECUTING']

export interface GenerateOptions {
  seed: number
  intents: number
  startAt: number
  commitWindowMs: number
}

const inFlightCount = (n: number): number => Math.min(Math.max(0, n - FORCED_SETTLED.length), Math.max(6, Math.min(60, Math.round(n * 0.01))))

/** Ascending, unique integer creation times; the last `inFlight` are recent. */
function creationTimes(rng: Rng, n: number, inFlight: number, o: GenerateOptions): Float64Array {
  const { startAt } = o
  // Old enough that even slow or window-expired settled intents finished before startAt.
  const settledMinAge = 2 * 3_600_000 + o.commitWindowMs
  const t = new Float64Array(n)
  for (let i = 0; i < n - inFlight; i++) t[i] = startAt - settledMinAge - SPAN_MS * rng.float() ** 1.6
  for (let i = n - inFlight; i < n; i++) t[i] = startAt - IN_FLIGHT_WINDOW_MS * rng.float()
  t.sort()
  for (let i = 0; i < n; i++) t[i] = i === 0 ? Math.floor(t[i]) : Math.max(Math.floor(t[i]), t[i - 1] + 1)
  return t
}

/** Owner of each intent: exactly `heavy` picks of the heavy owner, a power law for the rest. */
function ownerPicker(seed: number, rng: Rng, n: number): (i: number) => string {
  const heavy = Math.min(HEAVY_OWNER_MAX, Math.floor(n / 4))
  const pool = Math.max(4, Math.floor(n / 4))
  const addresses: string[] = new Array(pool)
  let needed = heavy
  return (i: number) => {
    // Selection sampling over ids 2..n: an exact count without a shuffle.
    const remaining = n - i
    if (i > 0 && needed > 0 && rng.float() * remaining < needed) {
      needed--
      return HEAVY_OWNER_ADDRESS
    }
    const k = Math.floor(pool * rng.float() ** 3)
    return (addresses[k] ??= new Rng(seed, STREAM_OWNER, k).hex0x(40))
  }
}

/** Commits a little after creation, then starts executing within the window along `outcome`'s script. */
function executeHistorically(env: MachineEnv, r: IntentRecord, rng: Rng, outcome: Outcome): void {
  settle(env, r, 'COMMITTED', r.createdAt + rng.int(5_000, 120_000))
  r.outcome = outcome
  startExecution(env, r, r.committedAt + Math.min(rng.int(2_000, 60_000), env.commitWindowMs - 1))
}

function applySettledPlan(env: MachineEnv, r: IntentRecord, rng: Rng, plan: Plan, forceDeposit: boolean): void {
  if (plan.outcome) {
    executeHistorically(env, r, rng, plan.outcome)
    return catchUp(env, r, Infinity)
  }
  const at = r.createdAt + rng.int(5_000, 120_000)
  if (plan.status === 'ABORTED') {
    if (forceDeposit || rng.chance(0.4)) {
      // The deposit landed but the route was given up: funds wait in the intent address.
      executeHistorically(env, r, rng, 'SUCCESS')
      catchUp(env, r, r.executedAt + stageOffsets(r)[1])
      settle(env, r, 'ABORTED', r.updatedAt + rng.int(60_000, 3_600_000), 'route abandoned: quote expired before execution')
    } else {
      settle(env, r, 'COMMITTED', at)
      settle(env, r, 'ABORTED', at + env.commitWindowMs)
    }
  } else if (plan.status === 'INVALID') settle(env, r, 'INVALID', at, rng.pick(['unsupported token pair', 'destination call simulation failed', 'quote parameters failed validation']))
}

function applyInFlightPlan(env: MachineEnv, r: IntentRecord, rng: Rng, status: IntentStatus, startAt: number): void {
  if (status === 'COMMITTED') {
    settle(env, r, 'COMMITTED', r.createdAt + Math.floor((startAt - r.createdAt) * rng.float()))
    const planned = startAt + rng.int(15_000, 240_000)
    if (rng.chance(0.7) && planned < r.committedAt + env.commitWindowMs) r.plannedExecuteAt = planned
  } else if (status === 'EXECUTING') {
    // Executed in the last minute, committed shortly (and within the window) before that.
    const executedAt = Math.max(r.createdAt + 2, startAt - rng.int(0, 60_000))
    settle(env, r, 'COMMITTED', Math.max(r.createdAt + 1, executedAt - Math.min(rng.int(2_000, 120_000), env.commitWindowMs - 1)))
    beginExecution(env, r, executedAt)
    catchUp(env, r, startAt)
  }
}

export function generateDataset(o: GenerateOptions): Dataset {
  const dataset = new Dataset(o.seed, o.startAt, o.intents)
  const env: MachineEnv = { dataset, commitWindowMs: o.commitWindowMs }
  const rng = new Rng(o.seed, STREAM_GEN)
  const n = o.intents
  const inFlight = inFlightCount(n)
  const times = creationTimes(rng, n, inFlight, o)
  const ownerOf = ownerPicker(o.seed, rng, n)
  const recentCutoff = o.startAt - 60 * DAY
  const weth = tokenBySymbol(1, 'WETH')!

  for (let i = 0; i < n; i++) {
    const createdAt = times[i]
    const testnet = rng.chance(0.1)
    const pinned: Partial<IntentParams> = {
      protocol: rng.chance(createdAt < recentCutoff ? 0.3 : 0.85) ? 'v1_5' : 'v1',
    }
    if (i === 0) Object.assign(pinned, { originChainId: 1, originToken: weth, originAmount: BIG_AMOUNT, edgeMode: null })
    const params = drawParams(rng, ownerOf(i), pinned, testnet && i !== 0)
    const r = buildRecord(rng, i, createdAt, params, o.commitWindowMs)
    if (i === 0) r.intentId = BIG_AMOUNT_INTENT_ID
    dataset.add(r)

    const settledCount = n - inFlight
    if (i < settledCount) {
      const plan = i < FORCED_SETTLED.length ? FORCED_SETTLED[i] : SETTLED.draw(rng)
      applySettledPlan(env, r, rng, plan, i < FORCED_SETTLED.length)
    } else {
      const k = i - settledCount
      applyInFlightPlan(env, r, rng, k < FORCED_IN_FLIGHT.length ? FORCED_IN_FLIGHT[k] : IN_FLIGHT.draw(rng), o.startAt)
    }
  }
  return dataset
}
