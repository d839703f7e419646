import type { BridgeEvent } from '../../src-shared/contract/bridge'
import type { SvcError } from '../../src-shared/contract/errors'
import type { IntentStatus } from '../../src-shared/contract/service'
import type { WatchState } from '../../src-shared/contract/watch'
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
 * Follows one intent with the app's own receipt watcher (the same WaitIntentReceipt loop,
 * backoff and Retry-After handling as the Watch view) and resolves when the intent is
 * final or the watcher gives up. Prints a line each time the status changes.
 */
export function watchIntent(conn: Connection, intentId: string, json: boolean, out: WatchOutput, signal?: AbortSignal): Promise<WatchEnd> {
  return new Promise((resolve) => {
    let lastPrinted: IntentStatus | undefined | null = null
    const mine = (w: WatchState) => w.profileId === conn.profileId && w.intentId === intentId
    const finish = (end: WatchEnd) => {
      off()
      signal?.removeEventListener('abort', onAbort)
      resolve(end)
    }
    const onAbort = () => finish({})
    const off = conn.events.on((event: BridgeEvent) => {
      if (!('watch' in event) || !mine(event.watch)) return
      const w = event.watch
      if (event.type === 'watch:changed' && w.status !== lastPrinted) {
        lastPrinted = w.status
        out.line(statusLine(w, json, false))
      } else if (event.type === 'watch:done') {
        out.line(statusLine(w, json, true))
        finish({ status: w.status, outcome: w.outcome })
      } else if (event.type === 'watch:retrying' && w.error) {
        out.note(`${w.error.message} — trying again ${w.retryAt ? `at ${stamp(w.retryAt)}` : 'shortly'}`)
      } else if (event.type === 'watch:error') {
        finish({ status: w.status, error: w.error })
      }
    })
    signal?.addEventListener('abort', onAbort)
    conn.core.watches.watch(conn.profileId, intentId, { muted: true })
  })
}
