import type { DataSource } from '../../src-shared/contract/app'
import type { WaitIntentReceiptResponse } from '../../src-shared/contract/service'
import { SvcFailure, isSvcFailure, type SvcError } from '../../src-shared/contract/errors'
import type { WatchControl, WatchList, WatchState } from '../../src-shared/contract/watch'
import type { ServiceSession } from '../service/session'
import type { EventHub } from '../events/hub'
import { realSleep, type Sleep } from '../service/retry'
import { DEFAULT_BACKOFF, backoffDelay, isFatal, type BackoffPolicy } from './backoff'
import { noticeFor, type Notify } from './notice'
import { WatchFileWriter, loadWatchFile } from './persist'
import { applyAnswer } from './receipt'
import { Slots } from './slots'

export interface ReceiptWatcherOptions {
  /** The service session of a profile; looked up on every call so profile edits apply. */
  session: (profileId: string) => ServiceSession
  events: EventHub
  /** JSON file holding the watch list. */
  file: string
  notify?: Notify
  /** Long-polls held open at once, over all profiles. */
  maxConcurrent?: number
  /** Watches kept at once, over all profiles; adding past it is refused with a message. */
  maxWatches?: number
  backoff?: Partial<BackoffPolicy>
  /**
   * Calls for one watch start at least this far apart. A service that holds the call
   * until something changes never notices; one that answers at once, with nothing new
   * or with a "change" every time, would otherwise be asked again at once, forever.
   */
  minPollIntervalMs?: number
  /** Delay that gathers bursts of changes into one write of the list file. */
  saveDelayMs?: number
  now?: () => number
  sleep?: Sleep
  random?: () => number
  log?: (message: string) => void
}

/**
 * Enough that a board of a couple of hundred watches is held whole, so every change
 * arrives as it happens; past that, watches take turns (see slots.ts) and a change may
 * wait for its watch's turn.
 */
export const DEFAULT_MAX_CONCURRENT = 256
/**
 * Every watch is a loop, an entry in the list file and a row on the board; past a few
 * thousand the board is no longer something a person reads, and a page (or anything
 * driving the bridge) adding watches without end would grow all three without bound.
 */
export const DEFAULT_MAX_WATCHES = 2_000
const DEFAULT_MIN_POLL_INTERVAL_MS = 1_000

/** The watcher's own record of a watch: the public state plus what its loop needs. */
interface Entry {
  state: WatchState
  /** The last answer; its `receiptStates` are echoed back verbatim as `lastReceiptStates`. */
  answer?: WaitIntentReceiptResponse
  /** Identifies the last receipt and states, to tell a change from a timed-out hold. */
  fingerprint?: string
  /** Aborting it ends the loop, including a long-poll being held. */
  controller?: AbortController
  loop?: Promise<void>
}

const keyOf = (profileId: string, intentId: string) => `${profileId}\n${intentId}`

const asSvcError = (e: unknown): SvcError =>
  isSvcFailure(e)
    ? e.error
    : // The text of an unexpected exception goes to the log only: it may quote anything.
      { kind: 'Internal', message: 'Watching stopped because of an unexpected error in the app — add the watch again to retry.' }

/**
 * Runs one WaitIntentReceipt loop per unfinished watch, for every profile, and keeps the
 * list on disk. See `WatchControl` for the bridge-facing surface.
 */
export function createReceiptWatcher(opts: ReceiptWatcherOptions): WatchControl {
  const now = opts.now ?? Date.now
  const sleep = opts.sleep ?? realSleep
  const random = opts.random ?? Math.random
  const log = opts.log ?? ((m: string) => console.error(m))
  const policy: BackoffPolicy = { ...DEFAULT_BACKOFF, ...opts.backoff }
  const minInterval = opts.minPollIntervalMs ?? DEFAULT_MIN_POLL_INTERVAL_MS
  const slots = new Slots(opts.maxConcurrent ?? DEFAULT_MAX_CONCURRENT)

  const entries = new Map<string, Entry>()
  let notificationsMuted = false
  let stopped = false

  const snapshot = (): WatchList => ({ watches: [...entries.values()].map((e) => e.state), notificationsMuted })
  const writer = new WatchFileWriter(opts.file, snapshot, opts.saveDelayMs, log)

  const listOf = (profileId: string, withReceipts: boolean): WatchList => {
    const watches: WatchState[] = []
    for (const e of entries.values()) {
      if (e.state.profileId !== profileId) continue
      watches.push(withReceipts ? e.state : { ...e.state, receipt: undefined })
    }
    return { watches, notificationsMuted }
  }

  /**
   * Tells every window the list changed. Receipts are left out: a list event can follow
   * every click, and the windows already hold each receipt from `watch:changed`.
   */
  const listChanged = (profileIds: Iterable<string>) => {
    let any = false
    for (const profileId of new Set(profileIds)) {
      any = true
      opts.events.emit({ type: 'watch:list', list: listOf(profileId, false) })
    }
    // No profile has watches: an empty list is true for all of them.
    if (!any) opts.events.emit({ type: 'watch:list', list: { watches: [], notificationsMuted } })
    writer.schedule()
  }

  const update = (entry: Entry, patch: Partial<WatchState>) => {
    entry.state = { ...entry.state, ...patch }
  }

  /** Stops the watch for good: an outcome was reached or a failure cannot be cured. */
  const finish = (entry: Entry, error?: SvcError) => {
    if (error) {
      update(entry, { phase: 'done', error, retryAt: undefined })
      opts.events.emit({ type: 'watch:error', watch: entry.state })
    }
    entry.controller = undefined
    writer.schedule()
  }

  const announce = (entry: Entry, previous: WatchState, source: DataSource) => {
    const { state } = entry
    if (!state.outcome) {
      opts.events.emit({ type: 'watch:changed', watch: state, source })
      return
    }
    opts.events.emit({ type: 'watch:done', watch: state, source })
    // Only an outcome reached while watched is news; an intent that was already final
    // when it was added shows its outcome on the board at once.
    const sawItPending = previous.status !== undefined
    if (sawItPending && !state.muted && !notificationsMuted && opts.notify) {
      try {
        opts.notify(noticeFor({ ...state, outcome: state.outcome }))
      } catch (e) {
        log(`Could not show a notification for ${state.intentId}: ${String(e)}`)
      }
    }
  }

  /** Folds an answer into the watch and announces it if anything moved; true once the watch has its outcome. */
  const receive = (entry: Entry, answer: WaitIntentReceiptResponse, source: DataSource) => {
    const previous = entry.state
    // The client hands back the very object it decoded before when the text is the same.
    const fingerprint = answer === entry.answer ? entry.fingerprint : JSON.stringify([answer.intentReceipt, answer.receiptStates])
    // Coming back from errors is news too: the board must stop saying "retrying".
    const changed = fingerprint !== entry.fingerprint || previous.phase === 'retrying'
    entry.fingerprint = fingerprint
    entry.answer = answer
    entry.state = { ...applyAnswer(previous, answer, now()), receiptSource: source }
    const final = entry.state.outcome !== undefined
    if (changed || final) {
      announce(entry, previous, source)
      writer.schedule()
    }
    return final
  }

  /** One call, holding a slot for exactly as long as the call is open. */
  async function ask(entry: Entry, signal: AbortSignal): Promise<{ answer: WaitIntentReceiptResponse; source: DataSource } | { failure: unknown }> {
    if (entry.state.phase !== 'retrying') update(entry, { phase: 'polling' })
    try {
      const session = opts.session(entry.state.profileId)
      const answer = await session.client.waitIntentReceipt(
        { intentId: entry.state.intentId, ...(entry.answer && { lastReceiptStates: entry.answer.receiptStates }) },
        { signal },
      )
      return { answer, source: session.source() }
    } catch (failure) {
      return { failure }
    } finally {
      slots.release()
    }
  }

  async function run(entry: Entry, signal: AbortSignal): Promise<void> {
    let failures = 0
    while (!signal.aborted) {
      if (entry.state.phase !== 'retrying') update(entry, { phase: 'queued' })
      if (!(await slots.acquire(signal))) return
      const startedAt = now()
      const result = await ask(entry, signal)
      if (signal.aborted) return

      if ('failure' in result) {
        const error = asSvcError(result.failure)
        if (!isSvcFailure(result.failure)) log(`Watching ${entry.state.intentId}: ${String(result.failure)}`)
        if (isFatal(error)) return finish(entry, error)
        failures++
        const delay = backoffDelay(policy, failures, error, random)
        update(entry, { phase: 'retrying', error, retryAt: now() + delay })
        opts.events.emit({ type: 'watch:retrying', watch: entry.state })
        await sleep(delay, signal)
        continue
      }

      failures = 0
      if (receive(entry, result.answer, result.source)) return finish(entry)
      const early = minInterval - (now() - startedAt)
      if (early > 0) await sleep(early, signal)
    }
  }

  const start = (entry: Entry) => {
    if (stopped) return
    const controller = new AbortController()
    entry.controller = controller
    // Whatever goes wrong inside the loop stops this watch with a message; it never
    // escapes to the process (an unhandled rejection there would end the app).
    entry.loop = run(entry, controller.signal).catch((e: unknown) => {
      log(`Watch loop for ${entry.state.intentId} ended: ${String(e)}`)
      if (entry.controller === controller) finish(entry, asSvcError(e))
    })
  }

  const halt = (entry: Entry) => {
    entry.controller?.abort()
    entry.controller = undefined
  }

  /** Stopped by a failure rather than finished: a settings change or a new request may cure it. */
  const stoppedByFailure = (entry: Entry) => entry.state.phase === 'done' && !entry.state.outcome

  const restart = (entry: Entry) => {
    update(entry, { phase: 'queued', error: undefined, retryAt: undefined })
    start(entry)
  }

  const entryOrFail = (profileId: string, intentId: string): Entry => {
    const entry = entries.get(keyOf(profileId, intentId))
    if (!entry) throw new SvcFailure({ kind: 'NotFound', message: `Intent ${intentId} is not being watched.` })
    return entry
  }

  // Restore: every watch comes back; the unfinished ones resume where they were.
  const { list: saved, recovery } = loadWatchFile(opts.file, log)
  notificationsMuted = saved.notificationsMuted
  for (const state of saved.watches) {
    const entry: Entry = { state: state.phase === 'done' ? state : { ...state, phase: 'queued', error: undefined, retryAt: undefined } }
    entries.set(keyOf(state.profileId, state.intentId), entry)
    if (state.phase !== 'done') start(entry)
  }

  return {
    recovered: recovery,

    watch(profileId, intentId, watchOpts) {
      const key = keyOf(profileId, intentId)
      const known = entries.get(key)
      if (known) {
        // A watch stopped by a failure (a missing key, say) starts over when added again.
        if (stoppedByFailure(known)) {
          restart(known)
          listChanged([profileId])
        }
        return known.state
      }
      const cap = opts.maxWatches ?? DEFAULT_MAX_WATCHES
      if (entries.size >= cap)
        throw new SvcFailure({
          kind: 'InvalidArgument',
          message: `The app already follows ${cap.toLocaleString('en-US')} intents, the most it watches at once — clear finished watches or remove some, then add this one again.`,
        })
      const entry: Entry = {
        state: { profileId, intentId, addedAt: now(), phase: 'queued', muted: watchOpts?.muted ?? false },
      }
      entries.set(key, entry)
      start(entry)
      listChanged([profileId])
      return entry.state
    },

    unwatch(profileId, intentId) {
      const key = keyOf(profileId, intentId)
      const entry = entries.get(key)
      if (!entry) return false
      halt(entry)
      entries.delete(key)
      listChanged([profileId])
      return true
    },

    list: (profileId) => listOf(profileId, true),

    clearFinished(profileId) {
      let removed = 0
      for (const [key, entry] of entries) {
        if (entry.state.profileId !== profileId || entry.state.phase !== 'done') continue
        entries.delete(key)
        removed++
      }
      if (removed) listChanged([profileId])
      return removed
    },

    setMuted(profileId, intentId, muted) {
      const entry = entryOrFail(profileId, intentId)
      update(entry, { muted })
      listChanged([profileId])
      return entry.state
    },

    resumeStopped(profileId) {
      let resumed = 0
      for (const entry of entries.values()) {
        if (entry.state.profileId !== profileId || !stoppedByFailure(entry)) continue
        restart(entry)
        resumed++
      }
      if (resumed) listChanged([profileId])
      return resumed
    },

    setNotificationsMuted(muted) {
      notificationsMuted = muted
      listChanged([...entries.values()].map((e) => e.state.profileId))
      return muted
    },

    async stop() {
      stopped = true
      const loops = [...entries.values()].map((e) => {
        halt(e)
        return e.loop
      })
      await Promise.all(loops)
      await writer.flush()
    },
  }
}
