/**
 * The contract's plain values: enumerations, limits and status predicates, without zod.
 * The schema modules build their schemas from these; the renderer imports them from
 * here (`@contract/service/constants`) so that a view needing a status list does not
 * load and build every service schema at start-up. `@contract/service` re-exports them.
 */

/** Intent states in the service's own order (it stores them as a uint8; clients use the names). */
export const INTENT_STATUSES = [
  'QUOTED',
  'COMMITTED',
  'EXECUTING',
  'FAILED',
  'SUCCEEDED',
  'ABORTED',
  'REFUNDED',
  'INVALID',
] as const
export type IntentStatus = (typeof INTENT_STATUSES)[number]

/*
 * The status sets, the only ones in the code base (main, renderer and simulator import
 * them). The spec ("Terminal states") names three different things, so there are three
 * sets, not one set written three ways:
 * - TERMINAL: "SUCCEEDED and FAILED make `done` true" in WaitIntentReceipt — all the
 *   service promises about `done`.
 * - FINAL: "clients also handle ABORTED and REFUNDED as final outcomes of history
 *   entries" — the outcomes a watch or a history row ends in (INVALID is not an outcome:
 *   the intent never became valid).
 * - PENDING: "QUOTED, COMMITTED and EXECUTING are treated as pending by clients"; every
 *   other status is SETTLED: nothing moves on by itself (FINAL plus INVALID). The
 *   simulator answers WaitIntentReceipt at once, `done: true`, for these.
 */
/** States in which WaitIntentReceipt answers `done: true` (spec). */
export const TERMINAL_STATUSES = ['SUCCEEDED', 'FAILED'] as const satisfies readonly IntentStatus[]
/** States clients treat as still moving (spec). */
export const PENDING_STATUSES = ['QUOTED', 'COMMITTED', 'EXECUTING'] as const satisfies readonly IntentStatus[]
/** Outcomes after which a history entry will not change any more (spec). */
export const FINAL_STATUSES = ['SUCCEEDED', 'FAILED', 'ABORTED', 'REFUNDED'] as const satisfies readonly IntentStatus[]
/** Every status that is not pending: the final outcomes and INVALID. */
export const SETTLED_STATUSES = INTENT_STATUSES.filter(
  (s): s is Exclude<IntentStatus, (typeof PENDING_STATUSES)[number]> => !(PENDING_STATUSES as readonly IntentStatus[]).includes(s),
)

/**
 * A status a newer service may have added. Enums grow: an answer carrying a value this
 * app does not know is kept, not refused, and shown as unknown with the value as sent.
 */
export type UnknownStatus = string & { readonly unknownEnumValue?: never }
export type ReportedStatus = IntentStatus | UnknownStatus
export const isKnownStatus = (s: string | undefined): s is IntentStatus =>
  s !== undefined && (INTENT_STATUSES as readonly string[]).includes(s)
/** The status where only a known one will do (filters, indexes, the watcher); an unknown one counts as not reported. */
export const knownStatus = (s: ReportedStatus | undefined): IntentStatus | undefined => (isKnownStatus(s) ? s : undefined)

/**
 * States in which the intent has moved no funds: a quote, a commitment not yet executed,
 * one stopped before it ran, or one the service refused. An amount shown for these is
 * what was (or would have been) asked for, never "sent".
 */
export const NOTHING_SENT_STATUSES = ['QUOTED', 'COMMITTED', 'ABORTED', 'INVALID'] as const satisfies readonly IntentStatus[]

const within = (set: readonly IntentStatus[]) => (s: ReportedStatus | undefined): boolean =>
  s !== undefined && (set as readonly string[]).includes(s)
export const isPendingStatus = within(PENDING_STATUSES)
export const isFinalStatus = within(FINAL_STATUSES)
export const isSettledStatus = within(SETTLED_STATUSES)
export const sentNothing = within(NOTHING_SENT_STATUSES)

/**
 * The transaction statuses the deployed service writes on each leg (`IntentTransaction.status`,
 * also the elements of `receiptStates`), as its published generated client lists them, in
 * the order a leg passes through them. Not in the spec, and the set grows: a value outside
 * it is kept and shown as one this app does not know.
 */
export const TRANSACTION_STATUSES = [
  'UNKNOWN',
  'ON_HOLD',
  'PENDING',
  'RELAYING',
  'SENT',
  'MINING',
  'SUCCEEDED',
  'ERRORED',
  'FAILED',
  'REVERTED',
  'ABORTED',
] as const
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number]
export const isKnownTransactionStatus = (s: string | undefined): s is TransactionStatus =>
  s !== undefined && (TRANSACTION_STATUSES as readonly string[]).includes(s)

/** Where a leg sits on the receipt timeline: not started, under way, finished, failed, or called off. */
export type LegPhase = 'waiting' | 'pending' | 'done' | 'failed' | 'skipped'

/**
 * Each leg status's place on the timeline and what it means, the one table every view
 * reads. `UNKNOWN` has no place: the service has no status for the leg yet, and the other
 * evidence (a mined time, a failure reason) decides.
 */
export const LEG_STATUS: Record<TransactionStatus, { phase: LegPhase | undefined; meaning: string }> = {
  UNKNOWN: { phase: undefined, meaning: 'The service has no status for this leg yet' },
  ON_HOLD: { phase: 'waiting', meaning: 'Held by the service before it is sent (for example until funds arrive or a check clears)' },
  PENDING: { phase: 'pending', meaning: 'Accepted and queued to be sent' },
  RELAYING: { phase: 'pending', meaning: 'Being handed to the relayer that sends it' },
  SENT: { phase: 'pending', meaning: 'Sent to the chain, not yet in a block' },
  MINING: { phase: 'pending', meaning: 'In a block, waiting for confirmations' },
  SUCCEEDED: { phase: 'done', meaning: 'Mined and confirmed' },
  ERRORED: { phase: 'failed', meaning: 'The relayer could not send it' },
  FAILED: { phase: 'failed', meaning: 'The transaction failed' },
  REVERTED: { phase: 'failed', meaning: 'Mined, but the chain reverted it' },
  ABORTED: { phase: 'skipped', meaning: 'Called off before it ran (the intent was aborted)' },
}

export const EDGE_MODES = ['ORIGIN', 'DESTINATION'] as const
/** The spec's spellings; the deployed wire writes `v1_5` as `v1.5` (see the client's wire dialect). */
export const INTENT_PROTOCOLS = ['v1', 'v1_5'] as const
export const MARKET_TYPES = ['lending', 'vault'] as const
export const SORT_ORDERS = ['ASC', 'DESC'] as const

export const SEARCH_FILTERS = [
  'byIntentId',
  'byProjectId',
  'byTransactionHash',
  'byOwnerAddress',
  'byOriginIntentAddress',
  'byDestinationIntentAddress',
  'byEdgeAddress',
  'byEdgeRail',
  'byEdgeMode',
  'byQueryString',
] as const

/**
 * SearchIntents has no paging and answers at most this many intents, newest first (the
 * simulator's cap; GetIntentHistory pages through long lists). An answer of exactly this
 * many may have been cut short.
 */
export const SEARCH_RESULT_CAP = 500

/** The service takes 1–25 queries per call; the client splits longer lists into batches. */
export const MAX_QUERIES_PER_BALANCE_CALL = 25
