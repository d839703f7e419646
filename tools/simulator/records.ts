/**
 * The compact per-intent record the simulator keeps in memory. Full Intent and receipt
 * objects are rebuilt from it on demand (see materialise.ts), so a 100,000-intent dataset
 * stays small: a record holds only what filters, indexes and the state machine need,
 * plus `dna`, the seed from which every other detail is derived.
 */
import type { EdgeMode } from './chains'
import type { TokenDef } from './tokens'

import type { IntentStatus } from '../../src-shared/contract/service/constants'

/** The contract's statuses and status sets (`src-shared/contract/service/constants.ts`). */
export { INTENT_STATUSES, isSettledStatus, type IntentStatus } from '../../src-shared/contract/service/constants'

export const INTENT_PROTOCOLS = ['v1', 'v1_5'] as const
export type IntentProtocol = (typeof INTENT_PROTOCOLS)[number]

/** Receipt legs, in the order they happen. */
export const LEGS = ['deposit', 'origin', 'destination', 'refund'] as const
export type Leg = (typeof LEGS)[number]
export type LegState = 'NONE' | 'PENDING' | 'MINED' | 'FAILED'

/** The scripted course of an execution (see machine.ts). */
export type Outcome = 'SUCCESS' | 'FAIL_ORIGIN' | 'FAIL_DESTINATION' | 'REFUND'

export interface EdgeInfo {
  mode: EdgeMode
  /** Base58 account on the rail. */
  address: string
  token: TokenDef
  amount: bigint
  initTx: string | null
  fillTx: string | null
  refundTx: string | null
}

export interface IntentRecord {
  /** Position in the dataset. The numeric `id` is `idx + 1`; ids ascend with createdAt. */
  idx: number
  intentId: string
  /** Seed of every detail not stored here; a 32-bit signed integer. */
  dna: number
  projectId: number
  owner: string
  originChainId: number
  destinationChainId: number
  originToken: TokenDef
  destinationToken: TokenDef
  /** Quoted raw amounts. */
  originAmount: bigint
  destinationAmount: bigint
  originIntentAddress: string
  destinationIntentAddress: string
  destinationToAddress: string
  swapProvider: string
  bridgeProvider: string
  protocol: IntentProtocol
  edge: EdgeInfo | null
  status: IntentStatus
  statusReason: string | null
  outcome: Outcome
  /** Index of the last applied stage of the outcome's script; -1 before execution. */
  stage: number
  /** Epoch ms; NOT_YET (0) where the moment has not happened. createdAt is unique per intent. */
  createdAt: number
  updatedAt: number
  expiresAt: number
  committedAt: number
  executedAt: number
  finishedAt: number
  /** When a seeded COMMITTED intent executes by itself; 0 for none. */
  plannedExecuteAt: number
  legs: Record<Leg, LegState>
  /**
   * Per leg in LEGS order, two slots: when it became PENDING, when it was MINED or
   * FAILED (0 = not yet). One flat array keeps 100,000 records light.
   */
  legTimes: number[]
  txHashes: Record<Leg, string | null>
  /** Created or moved by the admin surface: only moves when told to. */
  held: boolean
  /** Bumped on every change, so stale scheduled steps can be recognised. */
  version: number
}

/**
 * "Has not happened" for a time field. Numerically 0 (and falsy), but a double rather
 * than a small integer: a field that starts as a small integer and later holds an epoch
 * time makes V8 retire the object layout, and every one of 100,000 records then pays a
 * migration on first access.
 */
export const NOT_YET = -0

export const emptyLegs = (): Record<Leg, LegState> => ({ deposit: 'NONE', origin: 'NONE', destination: 'NONE', refund: 'NONE' })
export const emptyLegTimes = (): number[] => [NOT_YET, NOT_YET, NOT_YET, NOT_YET, NOT_YET, NOT_YET, NOT_YET, NOT_YET]
export const legStartedAt = (r: IntentRecord, leg: Leg): number => r.legTimes[LEGS.indexOf(leg) * 2]
export const legDoneAt = (r: IntentRecord, leg: Leg): number => r.legTimes[LEGS.indexOf(leg) * 2 + 1]
export const emptyTxHashes = (): Record<Leg, string | null> => ({ deposit: null, origin: null, destination: null, refund: null })

export const numericId = (r: IntentRecord): number => r.idx + 1

/**
 * Funds are stuck in an intent address when the deposit landed but neither the route
 * nor a refund moved them on.
 */
export function isRecoverable(r: IntentRecord): boolean {
  return (r.status === 'FAILED' || r.status === 'ABORTED') && r.legs.deposit === 'MINED' && r.legs.refund === 'NONE'
}

/** Every address the intent involves, lower-cased: owner, intent addresses, recipient, edge account. */
export function participantAddresses(r: IntentRecord): string[] {
  const out = [r.owner, r.originIntentAddress, r.destinationIntentAddress, r.destinationToAddress]
  if (r.edge) out.push(r.edge.address.toLowerCase())
  return out
}

/** Every transaction hash of the intent, receipt legs and edge leg alike. */
export function allTxHashes(r: IntentRecord): string[] {
  const out: string[] = []
  for (const leg of LEGS) {
    const h = r.txHashes[leg]
    if (h) out.push(h)
  }
  if (r.edge) for (const h of [r.edge.initTx, r.edge.fillTx, r.edge.refundTx]) if (h) out.push(h)
  return out
}
