/**
 * The intent state machine as pure moves on a record: the scripted stages of an
 * execution, and direct jumps to a status (admin surface, generated history). Timing and
 * waking waiters are the lifecycle engine's business, not this module's.
 *
 * Executions follow one of four scripts, each a list of stages:
 *
 *   SUCCESS           deposit pending → deposit mined, origin pending → origin mined,
 *                     destination pending → destination mined (SUCCEEDED)
 *   FAIL_ORIGIN       … → origin failed (FAILED)
 *   FAIL_DESTINATION  … → origin mined, destination pending → destination failed (FAILED)
 *   REFUND            … → origin failed, refund pending (FAILED) → refund mined (REFUNDED)
 */
import type { Dataset } from './dataset'
import { Rng, Weighted } from './rng'
import {
  isSettledStatus,
  LEGS,
  emptyLegTimes,
  emptyLegs,
  emptyTxHashes,
  type IntentRecord,
  type IntentStatus,
  type Leg,
  type LegState,
  type Outcome,
} from './records'

export interface MachineEnv {
  dataset: Dataset
  commitWindowMs: number
}

interface Stage {
  status: IntentStatus
  legs: Partial<Record<Leg, LegState>>
}

const DEPOSIT_PENDING: Stage = { status: 'EXECUTING', legs: { deposit: 'PENDING' } }
const ORIGIN_PENDING: Stage = { status: 'EXECUTING', legs: { deposit: 'MINED', origin: 'PENDING' } }
const DESTINATION_PENDING: Stage = { status: 'EXECUTING', legs: { origin: 'MINED', destination: 'PENDING' } }

const SCRIPTS: Record<Outcome, readonly Stage[]> = {
  SUCCESS: [DEPOSIT_PENDING, ORIGIN_PENDING, DESTINATION_PENDING, { status: 'SUCCEEDED', legs: { destination: 'MINED' } }],
  FAIL_ORIGIN: [DEPOSIT_PENDING, ORIGIN_PENDING, { status: 'FAILED', legs: { origin: 'FAILED' } }],
  FAIL_DESTINATION: [DEPOSIT_PENDING, ORIGIN_PENDING, DESTINATION_PENDING, { status: 'FAILED', legs: { destination: 'FAILED' } }],
  REFUND: [DEPOSIT_PENDING, ORIGIN_PENDING, { status: 'FAILED', legs: { origin: 'FAILED', refund: 'PENDING' } }, { status: 'REFUNDED', legs: { refund: 'MINED' } }],
}

export const lastStage = (outcome: Outcome): number => SCRIPTS[outcome].length - 1

const OUTCOMES = new Weighted<Outcome>([
  ['SUCCESS', 80],
  ['FAIL_ORIGIN', 7],
  ['FAIL_DESTINATION', 5],
  ['REFUND', 8],
])

const ORIGIN_FAILURES = [
  'execution reverted: insufficient output amount',
  'slippage tolerance exceeded',
  'bridge quote expired before fill',
  'insufficient liquidity on route',
  'deposit amount below quoted amount',
]
const DESTINATION_FAILURES = ['destination call reverted', 'destination fill timed out', 'relayer rejected fill: price moved']

// Stream ids for derived randomness; each purpose has its own so they never interfere.
const STREAM_DELAYS = 11
const STREAM_REASON = 12
const STREAM_TX = 13
const STREAM_EDGE_TX = 14
const STREAM_OUTCOME = 15

/** Milliseconds from execution start to each stage of the record's script. */
export function stageOffsets(r: IntentRecord): number[] {
  const rng = new Rng(r.dna, STREAM_DELAYS)
  const deposit = rng.int(3_000, 9_000)
  const origin = rng.int(6_000, 20_000)
  let last = r.outcome === 'REFUND' ? rng.int(20_000, 60_000) : rng.int(10_000, 45_000)
  // Some routes are congested: their final step takes minutes, not seconds.
  if (rng.chance(0.1)) last += rng.int(5 * 60_000, 25 * 60_000)
  const steps = [0, deposit, origin, last].slice(0, SCRIPTS[r.outcome].length)
  let at = 0
  return steps.map((d) => (at += d))
}

function failureReason(r: IntentRecord): string {
  const rng = new Rng(r.dna, STREAM_REASON)
  return rng.pick(r.outcome === 'FAIL_DESTINATION' ? DESTINATION_FAILURES : ORIGIN_FAILURES)
}

/** The leg's transaction hash: a pure function of (seed, intent position, leg). */
function legTxHash(seed: number, idx: number, leg: Leg): string {
  return new Rng(seed, idx, STREAM_TX, LEGS.indexOf(leg)).hex0x(64)
}

function setLeg(env: MachineEnv, r: IntentRecord, leg: Leg, state: LegState, at: number): void {
  if (r.legs[leg] === state) return
  r.legs[leg] = state
  const slot = LEGS.indexOf(leg) * 2
  const times = r.legTimes
  if (state === 'NONE') {
    times[slot] = times[slot + 1] = 0
    return
  }
  if (!times[slot]) times[slot] = at
  times[slot + 1] = state === 'PENDING' ? 0 : at
  if (!r.txHashes[leg]) {
    r.txHashes[leg] = legTxHash(env.dataset.seed, r.idx, leg)
    env.dataset.indexTxHash(r, r.txHashes[leg])
  }
}

/**
 * The edge leg mirrors the receipt: in ORIGIN mode it starts on the rail and is filled by
 * the deposit; in DESTINATION mode the destination leg starts it and the rail fills it.
 */
function syncEdge(env: MachineEnv, r: IntentRecord): void {
  const e = r.edge
  if (!e) return
  const railHash = (k: number) => new Rng(env.dataset.seed, r.idx, STREAM_EDGE_TX, k).base58(88)
  const evmHash = (k: number) => new Rng(env.dataset.seed, r.idx, STREAM_EDGE_TX, k).hex0x(64)
  const [startLeg, onRail] = e.mode === 'ORIGIN' ? ([r.legs.deposit, true] as const) : ([r.legs.destination, false] as const)
  const set = (key: 'initTx' | 'fillTx' | 'refundTx', want: boolean, k: number, rail: boolean) => {
    if (want && !e[key]) {
      e[key] = rail ? railHash(k) : evmHash(k)
      env.dataset.indexTxHash(r, e[key])
    }
  }
  set('initTx', startLeg !== 'NONE', 0, onRail)
  set('fillTx', startLeg === 'MINED', 1, !onRail)
  set('refundTx', r.legs.refund === 'MINED', 2, onRail)
}

function touch(r: IntentRecord, at: number): void {
  r.updatedAt = Math.max(r.updatedAt, at)
  r.version++
}

function enterStatus(r: IntentRecord, status: IntentStatus, at: number, reason: string | null): void {
  r.status = status
  // A refund keeps the reason of the failure it answers.
  r.statusReason = status === 'SUCCEEDED' || !isSettledStatus(status) ? null : reason ?? r.statusReason
  r.finishedAt = isSettledStatus(status) ? r.finishedAt || at : 0
}

function applyStageLegs(env: MachineEnv, r: IntentRecord, stage: number, at: number, reason: string | null): void {
  const s = SCRIPTS[r.outcome][stage]
  for (const leg of LEGS) {
    const want = s.legs[leg]
    if (want) setLeg(env, r, leg, want, at)
  }
  r.stage = stage
  enterStatus(r, s.status, at, s.status === 'FAILED' ? reason ?? failureReason(r) : null)
  syncEdge(env, r)
  touch(r, at)
}

/** Starts the execution script at `at`: EXECUTING with the deposit pending. */
export function startExecution(env: MachineEnv, r: IntentRecord, at: number): void {
  r.executedAt = at
  r.plannedExecuteAt = 0
  applyStageLegs(env, r, 0, at, null)
}

/** Starts executing along the script the record's dna picks. */
export function beginExecution(env: MachineEnv, r: IntentRecord, at: number): void {
  r.outcome = OUTCOMES.draw(new Rng(r.dna, STREAM_OUTCOME))
  startExecution(env, r, at)
}

/** Applies the record's next scripted stage; false when the script is finished. */
export function applyNextStage(env: MachineEnv, r: IntentRecord, at: number, reason: string | null = null): boolean {
  if (r.stage < 0 || r.stage >= lastStage(r.outcome)) return false
  applyStageLegs(env, r, r.stage + 1, at, reason)
  return true
}

/** Applies, each at its scripted time, every remaining stage that is due by `until`. */
export function catchUp(env: MachineEnv, r: IntentRecord, until: number): void {
  const offsets = stageOffsets(r)
  while (r.stage >= 0 && r.stage + 1 < offsets.length && r.executedAt + offsets[r.stage + 1] <= until) applyNextStage(env, r, r.executedAt + offsets[r.stage + 1])
}

function resetExecution(r: IntentRecord): void {
  r.legs = emptyLegs()
  r.legTimes = emptyLegTimes()
  r.txHashes = emptyTxHashes()
  r.stage = -1
  r.executedAt = 0
  r.finishedAt = 0
  r.statusReason = null
  if (r.edge) r.edge.initTx = r.edge.fillTx = r.edge.refundTx = null
}

/**
 * Moves a record straight to `to` at `at`, leaving its receipt consistent with that
 * status. Used by the admin surface and the generator; the scripted path is used for
 * everything that happens by itself.
 */
export function settle(env: MachineEnv, r: IntentRecord, to: IntentStatus, at: number, reason: string | null = null): void {
  switch (to) {
    case 'QUOTED':
    case 'COMMITTED':
    case 'INVALID':
      resetExecution(r)
      r.committedAt = to === 'COMMITTED' ? at : 0
      r.expiresAt = (to === 'COMMITTED' ? at : r.createdAt) + env.commitWindowMs
      r.plannedExecuteAt = 0
      enterStatus(r, to, at, to === 'INVALID' ? reason ?? 'quote parameters failed validation' : null)
      touch(r, at)
      return
    case 'EXECUTING':
      if (r.status !== 'EXECUTING') {
        resetExecution(r)
        if (!r.committedAt) r.committedAt = at
        beginExecution(env, r, at)
      }
      return
    case 'ABORTED': {
      const executed = r.stage >= 0
      for (const leg of LEGS) if (r.legs[leg] === 'PENDING') setLeg(env, r, leg, 'FAILED', at)
      r.plannedExecuteAt = 0
      enterStatus(r, 'ABORTED', at, reason ?? (executed ? 'aborted by operator' : 'commit window elapsed'))
      syncEdge(env, r)
      touch(r, at)
      return
    }
    case 'SUCCEEDED':
    case 'FAILED':
    case 'REFUNDED': {
      if (r.stage < 0) {
        if (!r.committedAt) r.committedAt = at
        r.executedAt = at
      }
      const originDone = r.legs.origin === 'MINED'
      r.outcome = to === 'SUCCEEDED' ? 'SUCCESS' : to === 'REFUNDED' ? 'REFUND' : originDone ? 'FAIL_DESTINATION' : 'FAIL_ORIGIN'
      setLeg(env, r, 'deposit', 'MINED', at)
      if (to === 'SUCCEEDED' || originDone) setLeg(env, r, 'origin', 'MINED', at)
      if (to === 'SUCCEEDED') setLeg(env, r, 'destination', 'MINED', at)
      else if (originDone) setLeg(env, r, 'destination', 'FAILED', at)
      else setLeg(env, r, 'origin', 'FAILED', at)
      if (to === 'REFUNDED') setLeg(env, r, 'refund', 'MINED', at)
      r.stage = lastStage(r.outcome)
      r.plannedExecuteAt = 0
      enterStatus(r, to, at, to === 'SUCCEEDED' ? null : reason ?? failureReason(r))
      syncEdge(env, r)
      touch(r, at)
      return
    }
  }
}

/**
 * `receiptStates` as sent on the wire: `intent:<STATUS>` followed by `<leg>:<STATE>` for
 * each leg that has started, in leg order. Any change in the receipt changes this list.
 */
export function receiptStates(r: IntentRecord): string[] {
  const out = [`intent:${r.status}`]
  for (const leg of LEGS) if (r.legs[leg] !== 'NONE') out.push(`${leg}:${r.legs[leg]}`)
  return out
}
