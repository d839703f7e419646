import type { Fetched } from '@contract/app'
import type { BridgeArgs } from '@contract/bridge'
import type { Result, SvcError, SvcErrorKind } from '@contract/errors'
import type { CommitIntentResponse, Intent, ReportedStatus } from '@contract/service'
import type { ParsedIntentInput } from './parseIntent'

/**
 * Committing an intent, without React: what to send, what the answer means, and when
 * the Commit button is offered. `useCommitView` runs these with the real bridge; tests
 * run them with scripted answers.
 */

export interface Committed {
  intentId: string
  /** epoch ms, on this machine's clock: the execution window runs from here. */
  committedAt: number
  /** The commit's own answer was lost; asking the service showed it went through. */
  confirmedLater?: boolean
  /** The intent's status as the service reported it after the commit (GetIntent). */
  status?: ReportedStatus
  /** Asking the service for that status failed (the commit itself went through). */
  statusUnread?: boolean
}

/** A commit sent whose outcome is not known. */
export type Unsure = { intentId: string; sentAt: number }

/**
 * Failures after which the request may still have reached the service and been carried
 * out: the answer was lost, unreadable or late. Sending the commit again would then be
 * refused ("intent is COMMITTED") although it succeeded, so the next attempt asks first.
 */
const OUTCOME_UNKNOWN: ReadonlySet<SvcErrorKind> = new Set(['Network', 'Timeout', 'BadResponse', 'Unavailable', 'Aborted', 'Internal'])

/** The two service calls a commit makes; GetIntent's answer is written through to the cache. */
export interface CommitCalls {
  commitIntent(args: BridgeArgs<'commitIntent'>): Promise<Result<Fetched<CommitIntentResponse>>>
  getIntent(args: { intentId: string }): Promise<Result<Fetched<Intent>>>
  now(): number
}

type CommitOutcome = { kind: 'committed'; committed: Committed } | { kind: 'failed'; failure: SvcError; unsure: Unsure | null }

/** The status the service holds the intent in, when it could be read. */
async function heldStatus(calls: CommitCalls, intentId: string): Promise<Result<ReportedStatus | undefined>> {
  const held = await calls.getIntent({ intentId })
  // NotFound: the service does not hold the intent.
  if (!held.ok) return held.error.kind === 'NotFound' ? { ok: true, value: undefined } : held
  return { ok: true, value: held.value.data.status }
}

/**
 * Commits `args.intent`, sent exactly as read (with the pasted text, when there is one,
 * so the client can send that text unchanged). After a lost answer (`unsure` for the same
 * intent) it first asks the service: an intent held past QUOTED went through and is not
 * sent twice; one still QUOTED or unknown is committed again; if even that question
 * fails, nothing is sent.
 */
export async function runCommit(calls: CommitCalls, args: BridgeArgs<'commitIntent'>, unsure: Unsure | null): Promise<CommitOutcome> {
  const intentId = args.intent.intentId
  if (unsure && intentId && unsure.intentId === intentId) {
    const held = await heldStatus(calls, intentId)
    if (!held.ok) return { kind: 'failed', failure: { ...held.error, message: `Could not find out whether the last commit went through: ${held.error.message}` }, unsure }
    if (held.value && held.value !== 'QUOTED')
      return { kind: 'committed', committed: { intentId, committedAt: unsure.sentAt, confirmedLater: true, status: held.value } }
  }
  const sentAt = calls.now()
  const r = await calls.commitIntent(args)
  if (!r.ok) return { kind: 'failed', failure: r.error, unsure: OUTCOME_UNKNOWN.has(r.error.kind) && intentId ? { intentId, sentAt } : null }
  return { kind: 'committed', committed: { intentId: r.value.data.intentId, committedAt: calls.now() } }
}

/**
 * The commit with the status the service now holds it in (GetIntent, which also puts the
 * committed intent in the cache). Asked after the commit is shown, so the page does not
 * wait on a second round trip to say it went through.
 */
export async function withHeldStatus(calls: CommitCalls, committed: Committed): Promise<Committed> {
  if (committed.status) return committed
  const held = await heldStatus(calls, committed.intentId)
  return held.ok && held.value ? { ...committed, status: held.value } : { ...committed, statusUnread: true }
}

/** Whether Commit is offered, and if not, why (shown beside the button). */
export function commitGate(parsed: ParsedIntentInput, committed: Committed | null, busy: boolean): { enabled: boolean; reason?: string } {
  if (busy) return { enabled: false }
  if (parsed.status !== 'ok') return { enabled: false, reason: parsed.status === 'empty' ? undefined : 'Fix the intent above first.' }
  if (committed && committed.intentId === parsed.intent.intentId)
    return { enabled: false, reason: `This intent is already committed (${committed.status ?? 'COMMITTED'}). Get a new quote to commit again.` }
  return { enabled: true }
}

/** The status to show for the intent in the box: the service's, once the commit went through. */
export function shownStatus(parsed: ParsedIntentInput, committed: Committed | null): ReportedStatus | undefined {
  if (parsed.status !== 'ok') return undefined
  if (committed && committed.intentId === parsed.intent.intentId) return committed.status ?? 'COMMITTED'
  return parsed.intent.status
}
