import { SvcFailure } from '../../src-shared/contract/errors'
import type { WatchControl, WatchState } from '../../src-shared/contract/watch'
import type { ServiceSession } from '../service/session'
import type { ListOptions } from './listBook'
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff'
import { WatchBook, keyOf, type Entry } from './book'
import { WatchLoops } from './loop'
import type { Notify } from './notice'
import { Slots } from './slots'

export interface ReceiptWatcherOptions extends ListOptions {
  /** The service session of a profile; looked up on every call so profile edits apply. */
  session: (profileId: string) => ServiceSession
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

/** Stopped by a failure rather than finished: a settings change or a new request may cure it. */
const stoppedByFailure = (entry: Entry) => entry.state.phase === 'done' && !entry.state.outcome

/**
 * Runs one WaitIntentReceipt loop per unfinished watch, for every profile, and keeps the
 * list on disk. See `WatchControl` for the bridge-facing surface.
 */
export function createReceiptWatcher(opts: ReceiptWatcherOptions): WatchControl {
  const watcher = new ReceiptWatcher(opts)
  // Restore: every watch comes back; the unfinished ones resume where they were (unless paused).
  for (const entry of watcher.entries.values()) if (entry.state.phase !== 'done') watcher.begin(entry)
  return watcher
}

class ReceiptWatcher extends WatchBook implements WatchControl {
  private readonly loops: WatchLoops
  private readonly maxWatches: number

  constructor(opts: ReceiptWatcherOptions) {
    super(opts)
    this.maxWatches = opts.maxWatches ?? DEFAULT_MAX_WATCHES
    this.loops = new WatchLoops({
      book: this,
      session: opts.session,
      slots: new Slots(opts.maxConcurrent ?? DEFAULT_MAX_CONCURRENT),
      policy: { ...DEFAULT_BACKOFF, ...opts.backoff },
      minInterval: opts.minPollIntervalMs ?? DEFAULT_MIN_POLL_INTERVAL_MS,
      notify: opts.notify,
    })
  }

  watch(profileId: string, intentId: string, watchOpts?: { muted?: boolean }): WatchState {
    const known = this.entries.get(keyOf(profileId, intentId))
    if (known) {
      // A watch stopped by a failure (a missing key, say) starts over when added again.
      if (stoppedByFailure(known)) {
        this.begin(known)
        this.listChanged([profileId], true)
      }
      return known.state
    }
    if (this.entries.size >= this.maxWatches)
      throw new SvcFailure({
        kind: 'InvalidArgument',
        message: `The app already follows ${this.maxWatches.toLocaleString('en-US')} intents, the most it watches at once — clear finished watches or remove some, then add this one again.`,
      })
    const entry: Entry = { state: { profileId, intentId, addedAt: this.env.now(), phase: 'queued', muted: watchOpts?.muted ?? false, revision: 0 } }
    this.entries.set(keyOf(profileId, intentId), entry)
    this.begin(entry)
    this.listChanged([profileId], true)
    return entry.state
  }

  unwatch(profileId: string, intentId: string): boolean {
    const key = keyOf(profileId, intentId)
    const entry = this.entries.get(key)
    if (!entry) return false
    this.loops.halt(entry)
    this.entries.delete(key)
    this.listChanged([profileId])
    return true
  }

  list(profileId: string) {
    return this.listOf(profileId, true)
  }

  clearFinished(profileId: string): number {
    let removed = 0
    for (const [key, entry] of this.entries) {
      if (entry.state.profileId !== profileId || entry.state.phase !== 'done') continue
      this.entries.delete(key)
      removed++
    }
    if (removed) this.listChanged([profileId])
    return removed
  }

  setMuted(profileId: string, intentId: string, muted: boolean): WatchState {
    const entry = this.entries.get(keyOf(profileId, intentId))
    if (!entry) throw new SvcFailure({ kind: 'NotFound', message: `Intent ${intentId} is not being watched.` })
    this.stamp(entry, { muted })
    this.listChanged([profileId], true)
    return entry.state
  }

  resumeStopped(profileId: string): number {
    let resumed = 0
    for (const entry of this.entries.values()) {
      if (entry.state.profileId !== profileId || !stoppedByFailure(entry)) continue
      this.begin(entry)
      resumed++
    }
    if (resumed) this.listChanged([profileId], true)
    return resumed
  }

  setNotificationsMuted(muted: boolean): boolean {
    this.notificationsMuted = muted
    this.listChanged([...this.entries.values()].map((e) => e.state.profileId))
    return muted
  }

  setPaused(paused: boolean): boolean {
    if (this.paused === paused) return paused
    this.paused = paused
    for (const entry of this.entries.values()) {
      if (entry.state.phase === 'done') continue
      // Halted before it is stamped, so a loop's late answer cannot overwrite the pause.
      this.loops.halt(entry)
      this.begin(entry)
    }
    this.listChanged([...this.entries.values()].map((e) => e.state.profileId))
    return paused
  }

  async stop(): Promise<void> {
    await this.loops.stopAll(this.entries.values())
    await this.flush()
  }

  /** (Re)starts a watch from the queue, or parks it while paused; a stale error or retry goes. */
  begin(entry: Entry): void {
    this.stamp(entry, { phase: this.paused ? 'paused' : 'queued', error: undefined, retryAt: undefined })
    if (!this.paused) this.loops.start(entry)
  }
}
