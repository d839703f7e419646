/**
 * The one loop over a cursor list ("pages up to a cap"), for main (history walk, CLI,
 * watched filters) and the renderer (load all, queues, statistics). It stops, between
 * pages, when the list ended (no next cursor, or nothing answered); when a page brought
 * nothing new; when the service handed back the cursor it was sent (an error); at `cap`
 * items (with `trim` the last page asks only for what is left, else pages are never cut
 * and the cursor returned resumes exactly there); when `signal` aborts (the page in
 * flight is kept); or when a page failed (`error`, with what was read before it).
 */

export type ReadOutcome = 'complete' | 'cap' | 'cancelled' | 'error'

/** What a page is read with: the cursor (undefined for the first page), its size, and whose cursor it is. */
export interface PageParam {
  cursor: unknown
  pageSize: number
  /** The service's cursor or the offline cache's own: a page follows the kind it came from. */
  from: 'live' | 'cache'
}

/** One page read: how many of its items count (new ones), and where the next page starts. */
export interface PageStep<P> {
  counted: number
  /** Undefined when the list ended with this page. */
  next: P | undefined
}

export interface ReadPagesLoop<P> {
  /** Where to start. */
  from: P
  /** Items already read (when resuming); they count towards the cap. */
  already?: number
  /** Stop once this many items are read (no cap when absent). */
  cap?: number
  /** Ask the last page for only what the cap allows (`withRoom` sets the size). */
  trim?: { withRoom(param: P, room: number): P }
  signal?: AbortSignal
  /** True when `next` is the cursor just sent: the list would never end. */
  sameCursor?(sent: P, next: P): boolean
}

export interface ReadPagesOutcome<P> {
  outcome: ReadOutcome
  /** Where to resume after a cap, a cancel or an error; undefined when the list ended. */
  next: P | undefined
  /** Items counted, `already` included. */
  read: number
  /** The page's failure, when the outcome is `error`; a repeated cursor is `RepeatedCursor`. */
  error?: unknown
}

/** The failure `readPagesLoop` reports when the service returned the cursor it was sent. */
export class RepeatedCursor extends Error {
  constructor() {
    super('the service returned the same page cursor twice, so reading on would never end')
    this.name = 'RepeatedCursor'
  }
}

/** Reads pages with `page` until a stop rule above holds. `page` answers null when there is no such page. */
export async function readPagesLoop<P>(page: (param: P) => Promise<PageStep<P> | null>, o: ReadPagesLoop<P>): Promise<ReadPagesOutcome<P>> {
  let param: P | undefined = o.from
  let read = o.already ?? 0
  const cap = o.cap ?? Infinity
  while (param !== undefined) {
    if (o.signal?.aborted) return { outcome: 'cancelled', next: param, read }
    if (read >= cap) return { outcome: 'cap', next: param, read }
    const asked: P = o.trim && cap !== Infinity ? o.trim.withRoom(param, cap - read) : param
    let step: PageStep<P> | null
    try {
      step = await page(asked)
    } catch (error) {
      return { outcome: 'error', next: param, read, error }
    }
    if (!step) return { outcome: 'complete', next: undefined, read }
    read += step.counted
    if (step.counted === 0 || step.next === undefined) break
    if (o.sameCursor?.(asked, step.next)) return { outcome: 'error', next: param, read, error: new RepeatedCursor() }
    param = step.next
  }
  return { outcome: 'complete', next: undefined, read }
}
