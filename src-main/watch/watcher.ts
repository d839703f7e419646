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
  const book = new WatchBook(opts)
  const loops = new WatchLoops({
    book,
    session: opts.session,
    slots: new Slots(opts.maxConcurrent ?? DEFAULT_MAX_CONCURRENT),
    policy: { ...DEFAULT_BACKOFF, ...opts.backoff },
    minInterval: opts.minPollIntervalMs ?? DEFAULT_MIN_POLL_INTERVAL_MS,
    notify: opts.notify,
  })
  const watcher = new ReceiptWatcher(book, loops, book.env.now, opts.maxWatches ?? DEFAULT_MAX_WATCHES)
  // Restore: every watch comes back; the unfinished ones resume where they were (unless paused).
  for (const entry of book.entries.values()) if (entry.state.phase !== 'done') watcher.begin(entry)
  return watcher
}

class ReceiptWatcher implements WatchControl {
  constructor(
    private readonly book: WatchBook,
    private readonly loops: WatchLoops,
    private readonly now: () => number,
    private readonly maxWatches: number,
  ) {}

  get recovered() {
    return this.book.recovered
  }

  watch(profileId: string, intentId: string, watchOpts?: { muted?: boolean }): WatchState {
    const known = this.book.entries.get(keyOf(profileId, intentId))
    if (known) {
      // A watch stopped by a failure (a missing key, say) starts over when added again.
      if (stoppedByFailure(known)) {
        this.begin(known)
        this.book.listChanged([profileId], true)
      }
      return known.state
    }
    if (this.book.entries.size >= this.maxWatches)
      throw new SvcFailure({
        kind: 'InvalidArgument',
        message: `The app already follows ${this.maxWatches.toLocaleString('en-US')} intents, the most it watches at once — clear finished watches or remove some, then add this one again.`,
      })
    const entry: Entry = { state: { profileId, intentId, addedAt: this.now(), phase: 'queued', muted: watchOpts?.muted ?? false, revision: 0 } }
    this.book.entries.set(keyOf(profileId, intentId), entry)
    this.begin(entry)
    this.book.listChanged([profileId], true)
    return entry.state
  }

  unwatch(profileId: string, intentId: string): boolean {
    const key = keyOf(profileId, intentId)
    const entry = this.book.entries.get(key)
    if (!entry) return false
    this.loops.halt(entry)
    this.book.entries.delete(key)
    this.book.listChanged([profileId])
    return true
  }

  list(profileId: string) {
    return this.book.listOf(profileId, true)
  }

  clearFinished(profileId: string): number {
    let removed = 0
    for (const [key, entry] of this.book.entries) {
      if (entry.state.profileId !== profileId || entry.state.phase !== 'done') continue
      this.book.entries.delete(key)
      removed++
    }
    if (removed) this.book.listChanged([profileId])
    return removed
  }

  setMuted(profileId: string, intentId: string, muted: boolean): WatchState {
    const entry = this.book.entries.get(keyOf(profileId, intentId))
    if (!entry) throw new SvcFailure({ kind: 'NotFound', message: `Intent ${intentId} is not being watched.` })
    this.book.stamp(entry, { muted })
    this.book.listChanged([profileId], true)
    return entry.state
  }

  resumeStopped(profileId: string): number {
    let resumed = 0
    for (const entry of this.book.entries.values()) {
      if (entry.state.profileId !== profileId || !stoppedByFailure(entry)) continue
      this.begin(entry)
      resumed++
    }
    if (resumed) this.book.listChanged([profileId], true)
    return resumed
  }

  setNotificationsMuted(muted: boolean): boolean {
    this.book.notificationsMuted = muted
    this.book.listChanged([...this.book.entries.values()].map((e) => e.state.profileId))
    return muted
  }

  setPaused(paused: boolean): boolean {
    if (this.book.paused === paused) return paused
    this.book.paused = paused
    for (const entry of this.book.entries.values()) {
      if (entry.state.phase === 'done') continue
      // Halted before it is stamped, so a loop's late answer cannot overwrite the pause.
      this.loops.halt(entry)
      this.begin(entry)
    }
    this.book.listChanged([...this.book.entries.values()].map((e) => e.state.profileId))
    return paused
  }

  revision(): number {
    return this.book.revision()
  }

  async stop(): Promise<void> {
    await this.loops.stopAll(this.book.entries.values())
    await this.book.flush()
  }

  /** (Re)starts a watch from the queue, or parks it while paused; a stale error or retry goes. */
  begin(entry: Entry): void {
    this.book.stamp(entry, { phase: this.book.paused ? 'paused' : 'queued', error: undefined, retryAt: undefined })
    if (!this.book.paused) this.loops.start(entry)
  }
}
