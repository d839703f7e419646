/**
 * The contract's plain values (enumerations, limits, status predicates) without zod, so a
 * view needing a status list does not build every schema at start-up.
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
 * The status sets, the only ones in the code base. Of the spec's "Terminal states": FINAL,
 * the outcomes a watch or history row ends in (not INVALID: that intent never became
 * valid); PENDING, what clients treat as still moving. Every other status is SETTLED
 * (FINAL plus INVALID).
 */
/** States clients treat as still moving (spec). */
export const PENDING_STATUSES = ['QUOTED', 'COMMITTED', 'EXECUTING'] as const satisfies readonly IntentStatus[]
/** Outcomes after which a history entry will not change any more (spec). */
export const FINAL_STATUSES = ['SUCCEEDED', 'FAILED', 'ABORTED', 'REFUNDED'] as const satisfies readonly IntentStatus[]
/** Every status that is not pending: the final outcomes and INVALID. */
export const SETTLED_STATUSES = INTENT_STATUSES.filter(
  (s): s is Exclude<IntentStatus, (typeof PENDING_STATUSES)[number]> => !(PENDING_STATUSES as readonly IntentStatus[]).includes(s),
)

/** A status a newer service may have added: kept, not refused, and shown as unknown with the value as sent. */
export type UnknownStatus = string & { readonly unknownEnumValue?: never }
export type ReportedStatus = IntentStatus | UnknownStatus
export const isKnownStatus = (s: string | undefined): s is IntentStatus =>
  s !== undefined && (INTENT_STATUSES as readonly string[]).includes(s)
/** The status where only a known one will do (filters, indexes, the watcher); an unknown one counts as not reported. */
export const knownStatus = (s: ReportedStatus | undefined): IntentStatus | undefined => (isKnownStatus(s) ? s : undefined)

/** States in which the intent has moved no funds: an amount shown for these was asked for, never "sent". */
export const NOTHING_SENT_STATUSES = ['QUOTED', 'COMMITTED', 'ABORTED', 'INVALID'] as const satisfies readonly IntentStatus[]

const within = (set: readonly IntentStatus[]) => (s: ReportedStatus | undefined): boolean =>
  s !== undefined && (set as readonly string[]).includes(s)
export const isPendingStatus = within(PENDING_STATUSES)
export const isFinalStatus = within(FINAL_STATUSES)
export const isSettledStatus = within(SETTLED_STATUSES)
export const sentNothing = within(NOTHING_SENT_STATUSES)

/**
 * The transaction statuses the deployed service writes on each leg (and in `receiptStates`),
 * from its published client, in the order a leg passes through them. Not in the spec, and
 * the set grows: another value is kept and shown as unknown.
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

/** SearchIntents has no paging and answers at most this many intents (the simulator's cap): this many may be cut short. */
export const SEARCH_RESULT_CAP = 500

/** The service takes 1–25 queries per call; the client splits longer lists into batches. */
export const MAX_QUERIES_PER_BALANCE_CALL = 25
