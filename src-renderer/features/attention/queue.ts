import type { IntentBalance, IntentHistoryEntry } from '@contract/service'
import type { CachedIntentRow } from '../../db'
import { knownStatus } from '@contract/service/constants'
import { parseTime } from '../../lib/format'
import { heldAmount, heldTokens, type HeldToken } from '../../lib/heldTokens'
import { valueAll, type PriceBook, type ValuedSum } from '../../lib/priceSource'
import { routeExpectation, routeSamples, type RouteStats } from '../../lib/routeStats'

/** Why an intent needs a look; `baseline-incomplete` is no verdict, listed apart and never ranked among the slow ones. */
export type AttentionReason = 'slow' | 'window-closing' | 'recoverable' | 'baseline-incomplete'

/** The facts the queue needs about an intent, from a history entry or a cached row (times in epoch ms). */
export type Candidate = Pick<CachedIntentRow, 'intentId' | 'status' | 'startedAt' | 'expiresAt' | 'originChainId' | 'destinationChainId'> & {
  createdAt?: number
  updatedAt?: number
  failureReason?: string
  balances?: readonly IntentBalance[]
}

export interface AttentionItem {
  candidate: Candidate
  reason: AttentionReason
  /** Higher is more urgent; the queue is sorted by it. */
  urgency: number
  /** ms since the intent was created */
  ageMs?: number
  /**
   * SLA timer: time executing against the route's p95 (`basis: 'route'`). `incomplete`:
   * the route's baseline rests on too few intents (`samples`, fewer than MIN_SAMPLES), so
   * there is no p95 and no verdict, only the time executing.
   */
  sla?: { elapsedMs: number; p95Ms?: number; p50Ms?: number; slowerThan?: number; basis: 'route' | 'incomplete'; samples?: number }
  /** For a committed intent: ms left until its execution window closes (negative once it has). */
  windowLeftMs?: number
  held: HeldToken[]
  /** The held tokens valued at the profile's prices (`usd`, of those priced): how each was priced, and what is unpriced. */
  heldValue?: ValuedSum
}

/** A committed intent joins the queue this long before its 10-minute window closes. */
const WINDOW_WARNING_MS = 3 * 60_000
/** The service's execution window after commit. */
const COMMIT_WINDOW_MS = 10 * 60_000

/** A history entry as a candidate: its receipt says when execution started and why it failed. */
export function candidateFromEntry(e: IntentHistoryEntry): Candidate | undefined {
  const r = e.receipt
  const intentId = e.intentId ?? r?.intentId
  if (!intentId) return undefined
  return {
    intentId,
    status: knownStatus(e.status ?? r?.status),
    createdAt: parseTime(e.createdAt ?? r?.createdAt),
    startedAt: parseTime(r?.summary?.startedAt ?? r?.depositTransaction?.txnMinedAt),
    expiresAt: parseTime(e.expiresAt ?? r?.summary?.expiresAt),
    updatedAt: parseTime(e.updatedAt ?? r?.updatedAt),
    originChainId: r?.originChainId ?? r?.summary?.originChainId,
    destinationChainId: r?.destinationChainId ?? r?.summary?.destinationChainId,
    failureReason: r?.originTransaction?.statusReason,
    balances: e.balances,
  }
}

function slowItem(c: Candidate, stats: RouteStats | undefined, now: number): AttentionItem | undefined {
  const start = c.startedAt ?? c.createdAt
  if (start === undefined) return undefined
  const elapsedMs = now - start
  const route = routeExpectation(stats, c.originChainId, c.destinationChainId, elapsedMs)
  if (!route) {
    // Too few intents to judge: no verdict, no place among the slow ones; the longest running first within its own group.
    const sla = { elapsedMs, basis: 'incomplete' as const, samples: routeSamples(stats, c.originChainId, c.destinationChainId) }
    return { candidate: c, reason: 'baseline-incomplete', urgency: Math.min(Math.max(elapsedMs, 0) / 86_400_000, 1) / 2, sla, held: [] }
  }
  const sla = { elapsedMs, p95Ms: route.lateAfterMs, p50Ms: route.typicalMs, slowerThan: route.slowerThan, basis: 'route' as const }
  if (elapsedMs <= sla.p95Ms) return undefined
  // Overrun against the route's p95: twice as slow as usual ranks above 1.5 times.
  return { candidate: c, reason: 'slow', urgency: 2 + Math.min(elapsedMs / sla.p95Ms, 50) / 50, sla, held: [] }
}

function windowItem(c: Candidate, now: number): AttentionItem | undefined {
  const deadline = c.expiresAt ?? ((c.updatedAt ?? c.createdAt) !== undefined ? (c.updatedAt ?? c.createdAt)! + COMMIT_WINDOW_MS : undefined)
  if (deadline === undefined) return undefined
  const windowLeftMs = deadline - now
  if (windowLeftMs > WINDOW_WARNING_MS) return undefined
  // Minutes left matter most: a window about to close ranks above everything else.
  return { candidate: c, reason: 'window-closing', urgency: 4 - Math.max(-1, Math.min(1, windowLeftMs / WINDOW_WARNING_MS)), windowLeftMs, held: [] }
}

function recoverableItem(c: Candidate, book: PriceBook): AttentionItem | undefined {
  const held = heldTokens(c.balances)
  if (!held.length) return undefined
  // At the profile's one price source, so the queue prices a token as every other view does.
  const heldValue = valueAll(book, held.map(heldAmount))
  // Larger sums first, below every slow execution: these funds are safe where they are, the others may still move.
  return { candidate: c, reason: 'recoverable', urgency: 1 + Math.min(Math.log10(1 + heldValue.usd), 9) / 10, held, heldValue }
}

/**
 * The queue, most urgent first, then (no verdict) executing intents whose route's baseline
 * is incomplete. Each intent appears once, its newest candidate; it depends only on the
 * candidates and the baseline given, never on what a cache holds.
 */
export function attentionQueue(candidates: readonly Candidate[], stats: RouteStats | undefined, now: number, book: PriceBook = new Map()): AttentionItem[] {
  const byId = new Map<string, Candidate>()
  for (const c of candidates) {
    const known = byId.get(c.intentId)
    if (!known || (c.updatedAt ?? 0) >= (known.updatedAt ?? 0)) byId.set(c.intentId, known && !c.balances ? { ...c, balances: known.balances } : c)
  }
  const items: AttentionItem[] = []
  for (const c of byId.values()) {
    const item =
      c.status === 'EXECUTING' ? slowItem(c, stats, now) : c.status === 'COMMITTED' ? windowItem(c, now) : c.status === 'FAILED' || c.status === 'ABORTED' ? recoverableItem(c, book) : undefined
    if (item) items.push({ ...item, ageMs: c.createdAt === undefined ? undefined : now - c.createdAt })
  }
  return items.sort((a, b) => b.urgency - a.urgency || (b.ageMs ?? 0) - (a.ageMs ?? 0))
}
