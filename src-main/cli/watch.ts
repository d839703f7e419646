import type { BridgeEvent } from '../../src-shared/contract/bridge'
import type { SvcError } from '../../src-shared/contract/errors'
import type { IntentReceipt, IntentStatus } from '../../src-shared/contract/service'
import { watchNews, type WatchState } from '../../src-shared/contract/watch'
import { RECEIPT_LEGS } from '../watch/keep'
import type { Connection } from './connect'

export interface WatchOutput {
  /** One line per status change (and the final one), to stdout. */
  line(text: string): void
  /** Retries and other remarks, to stderr. */
  note(text: string): void
}

export interface WatchEnd {
  status?: IntentStatus
  outcome?: WatchState['outcome']
  error?: SvcError
}

const stamp = (ms: number | undefined) => new Date(ms ?? Date.now()).toISOString()

/** A status line: text for people, one JSON object per line with `--json`. */
function statusLine(w: WatchState, json: boolean, final: boolean): string {
  if (json) {
    return JSON.stringify({ at: stamp(w.lastChangeAt), intentId: w.intentId, status: w.status ?? null, final, ...(w.failureReason ? { failureReason: w.failureReason } : {}) })
  }
  return `${stamp(w.lastChangeAt)}  ${w.status ?? 'status not reported'}${final && w.failureReason ? `  (${w.failureReason})` : ''}${final ? '  final' : ''}`
}

/**
 * Each leg's progress as the receipt reports it: its own transaction status (the
 * deployed service's), else "mined" once it has a mined time, "sent" once it has a hash.
 * Legs the receipt does not have yet are left out; undefined when it has none.
 */
export function legProgress(receipt: IntentReceipt | undefined): Record<string, string> | undefined {
  const legs: Record<string, string> = {}
  for (const field of RECEIPT_LEGS) {
    const t = receipt?.[field]
    if (t) legs[field.replace('Transaction', '')] = t.status ?? (t.txnMinedAt ? 'mined' : t.txnHash ? 'sent' : 'waiting')
  }
  return Object.keys(legs).length ? legs : undefined
}

/** "  legs: deposit SUCCEEDED, origin PENDING" for people; one JSON object with `--json`. */
function legsLine(w: WatchState, legs: Record<string, string>, json: boolean): string {
  if (json) return JSON.stringify({ at: stamp(w.lastUpdateAt), intentId: w.intentId, legs })
  return `${stamp(w.lastUpdateAt)}    legs: ${Object.entries(legs).map(([name, status]) => `${name} ${status}`).join(', ')}`
}

/**
 * Follows one intent with the app's own receipt watcher (its loop, backoff and
 * Retry-After handling) until it is final or the watcher gives up, printing a line at
 * each status change and each change of a leg's progress.
 */
export function watchIntent(conn: Connection, intentId: string, json: boolean, out: WatchOutput, signal?: AbortSignal): Promise<WatchEnd> {
  return new Promise((resolve) => {
    let lastPrinted: IntentStatus | undefined | null = null
    let lastLegs = ''
    const printLegs = (w: WatchState) => {
      const legs = legProgress(w.receipt)
      const key = JSON.stringify(legs ?? {})
      if (!legs || key === lastLegs) return
      lastLegs = key
      out.line(legsLine(w, legs, json))
    }
    const mine = (w: WatchState) => w.profileId === conn.profileId && w.intentId === intentId
    const finish = (end: WatchEnd) => {
      off()
      signal?.removeEventListener('abort', onAbort)
      resolve(end)
    }
    const onAbort = () => finish({})
    const off = conn.core.events.on((event: BridgeEvent) => {
      if (event.type !== 'list:changed' || event.kind !== 'watches') return
      for (const w of event.items) {
        if (!mine(w)) continue
        const news = watchNews(w)
        if (news === 'changed') {
          if (w.status !== lastPrinted) out.line(statusLine(w, json, false))
          lastPrinted = w.status
          printLegs(w)
        } else if (news === 'done') {
          printLegs(w)
          out.line(statusLine(w, json, true))
          finish({ status: w.status, outcome: w.outcome })
        } else if (news === 'retrying' && w.error) {
          out.note(`${w.error.message} — trying again ${w.retryAt ? `at ${stamp(w.retryAt)}` : 'shortly'}`)
        } else if (news === 'error') {
          finish({ status: w.status, error: w.error })
        }
      }
    })
    signal?.addEventListener('abort', onAbort)
    conn.core.watches.watch(conn.profileId, intentId, { muted: true })
  })
}
