import type { IntentHistoryEntry } from '@contract/service'
import { msSinceUserInput } from './userInput'
import { reportUnindexed, reportWriteError } from './activity'
import { explorerDb, prefixRange, type ExplorerDb, type JournalRecord } from './db'
import { dropFirstPageEarly } from './earlyFirstPage'
import { storageErrorMessage } from './errors'
import { storeIntentObjects } from './intentIndex'
import { historyEntryIntentId } from '@contract/historyEntry'
import { mergeRow, storedKeys, summaryFromHistoryEntry, type FetchMeta, type IntentRowRecord } from './records'
import { sleep, yieldToUi } from './yieldToUi'
import { cacheWorker, inWorkerOr, viaWorker, WorkerUnavailable, type CacheWorkerClient } from './workerClient'

/**
 * History pages reach the cache in two steps (the db README's "History journal"): staging
 * stores the page whole, at about the cost of its bytes; filing each entry under its
 * intent costs several times that, so it runs when staging goes quiet, in small slices.
 * Filing is idempotent: a record is deleted once all its entries are filed, and one a
 * closed window left is filed again at the next start. Until then reads by intent id
 * (`unindexedEntry`) and offline search (`stagedEntries`) find the entries here, in memory.
 */

/** Staging within this long of the last one means a burst is still on: indexing waits. */
const QUIET_MS = 250
/**
 * Entries filed per transaction. In the background a slice is a few milliseconds of the
 * window's thread, run when it is idle, so scrolling a long list stays smooth; when
 * someone waits on a flush, slices are whole pages (fewer transactions, faster).
 */
const SLICE = 25
const URGENT_SLICE = 100
/** A background slice runs at the latest this long after it was due, idle or not. */
const IDLE_TIMEOUT_MS = 500
/**
 * Background slices wait until the person has not scrolled, clicked or typed for this
 * long: a slice's reads and writes land on the window's thread between frames, and
 * while a long list is flung those frames have no time to spare.
 */
const INPUT_QUIET_MS = 500

const idleCallback = (): Promise<void> =>
  typeof requestIdleCallback === 'function'
    ? new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS }))
    : yieldToUi()

/** Until the window is idle and the person's input is quiet; at once when someone waits on a flush. */
async function whenIdle(): Promise<void> {
  for (;;) {
    if (urgent) return yieldToUi()
    await idleCallback()
    const wait = INPUT_QUIET_MS - msSinceUserInput()
    if (urgent || wait <= 0) return
    await sleep(wait)
  }
}

/** An entry staged and not yet filed, with the summary row and lookup keys offline search tests it by. */
type Staged = { entry: IntentHistoryEntry; fetchedAt: number; row: IntentRowRecord; keys: readonly string[] }

/** Entries staged and not yet filed, newest fetch per intent: this window's, and those a closed window left (read back at start-up). */
const unindexed = new Map<string, Staged>()
const unindexedKey = (profileId: string, intentId: string) => `${profileId}\u0000${intentId}`

/** Keeps the page's entries at hand for reads and search until they are filed. */
function remember(meta: FetchMeta, entries: readonly IntentHistoryEntry[]): void {
  // A first page read at start-up no longer shows the cache's list as it is.
  dropFirstPageEarly()
  for (const entry of entries) {
    const part = summaryFromHistoryEntry(entry)
    if (!part) continue
    const key = unindexedKey(meta.profileId, part.intentId)
    if ((unindexed.get(key)?.fetchedAt ?? -Infinity) > meta.fetchedAt) continue
    const row = mergeRow(undefined, part, 'history', meta)
    unindexed.set(key, { entry, fetchedAt: meta.fetchedAt, row, keys: storedKeys(meta.profileId, part.keys) })
  }
}

/** The staged, unfiled entries of a profile (for offline search). */
export function stagedEntries(profileId: string): Staged[] {
  const prefix = unindexedKey(profileId, '')
  return [...unindexed].flatMap(([key, staged]) => (key.startsWith(prefix) ? [staged] : []))
}

/** Forgets what this window holds in memory, as a window that just opened (tests of the read-back). */
export function forgetStagedInMemory(): void {
  unindexed.clear()
  journalRead = false
}

/** Entries a closed window staged and did not file, read back once so search finds them. */
let journalRead = false
async function readBackJournal(db: ExplorerDb): Promise<void> {
  if (journalRead) return
  journalRead = true
  await db.historyJournal.each((record) => remember(record, record.entries))
}

let seq = 0
let lastStaged = -Infinity
/** Entries waiting in the journal, as this window last counted them. */
let waiting = 0
let running: Promise<void> | undefined
let again = false
let urgent = 0
let lastFailure: unknown
let paused = 0
/** Settles when every pause begun so far has ended. */
let pauses: Promise<unknown> = Promise.resolve()

const setWaiting = (n: number) => {
  waiting = Math.max(0, n)
  reportUnindexed(waiting)
}

/**
 * Stages one page (one transaction). Rejects on failure; the caller reports it. In the
 * cache worker when the window has one (`workerClient.ts`): the page only keeps the
 * entries at hand for its reads and search until the worker says they are filed.
 */
export async function stageHistoryPage(meta: FetchMeta, entries: IntentHistoryEntry[]): Promise<void> {
  if (!entries.length) return
  hearFiled()
  if (await viaWorker({ op: 'stage', meta, entries })) return remember(meta, entries)
  await stageHere(meta, entries)
}

/** Staging in this thread (the worker's, or the page's when it has no worker). */
export async function stageHere(meta: FetchMeta, entries: IntentHistoryEntry[]): Promise<void> {
  if (!entries.length) return
  const record: JournalRecord = { ...meta, stagedAt: Date.now(), seq: ++seq, size: entries.length, entries }
  await explorerDb().historyJournal.add(record)
  lastStaged = performance.now()
  remember(meta, entries)
  setWaiting(waiting + entries.length)
  void scheduleHere()
}

/** The newest entry for the intent that is staged but not yet filed, if any. */
export function unindexedEntry(profileId: string, intentId: string): { entry: IntentHistoryEntry; fetchedAt: number } | undefined {
  const staged = unindexed.get(unindexedKey(profileId, intentId))
  return staged && { entry: staged.entry, fetchedAt: staged.fetchedAt }
}

/**
 * Starts filing whatever the journal holds (at start-up): in the cache worker when there
 * is one, after the page has read back what a closed window left, so search finds it.
 */
export async function scheduleIndexing(): Promise<void> {
  if (hearFiled()) await readBackJournal(explorerDb())
  await inWorkerOr({ op: 'schedule' }, scheduleHere)
}

/** Filing in this thread (and after every staging here). */
export function scheduleHere(): Promise<void> {
  if (running) {
    again = true
    return running
  }
  running = indexAll().finally(() => {
    running = undefined
    if (again) {
      again = false
      void scheduleHere()
    }
  })
  return running
}

/**
 * Files everything staged so far, now, without waiting for quiet. Export, counting and
 * bundles call this first, so they see every entry fetched. Like all write-through it
 * never rejects: a failure is reported to the cache status (the records stay in the
 * journal), and the caller goes on with what is filed.
 */
export const flushHistoryJournal = (): Promise<void> => inWorkerOr({ op: 'flush' }, flushHere)

export async function flushHere(): Promise<void> {
  urgent++
  try {
    for (;;) {
      while (paused) await pauses
      await scheduleHere()
      // A pass staged behind the one awaited runs next.
      while (running) await running
      if (lastFailure) return
      if (!(await explorerDb().historyJournal.count())) return
    }
  } finally {
    urgent--
  }
}

/**
 * Runs `work` with no entry being filed meanwhile (a pass stops at its next slice and
 * starts again after), so a clear cannot race a slice that would bring entries back.
 */
export async function withIndexingPaused<T>(work: () => Promise<T>): Promise<T> {
  const worker = cacheWorker()
  const pauseId = await worker?.ask({ op: 'pause' }).then(({ id }) => id, (error: unknown) => {
    if (error instanceof WorkerUnavailable) return undefined
    throw error
  })
  try {
    return await pausedHere(work)
  } finally {
    if (pauseId !== undefined) void worker?.ask({ op: 'resume', pauseId }).catch(() => undefined)
  }
}

/** `withIndexingPaused` for filing in this thread. */
export function pausedHere<T>(work: () => Promise<T>): Promise<T> {
  paused++
  const done = (async () => {
    try {
      while (running) await running
      return await work()
    } finally {
      if (!--paused) void scheduleHere()
    }
  })()
  pauses = Promise.allSettled([pauses, done])
  return done
}

/**
 * Deletes what the journal holds for a profile (every profile when absent) and forgets
 * it here; inside `withIndexingPaused`. Runs in the caller's transaction when it has one.
 */
export async function dropStaged(db: ExplorerDb, profileId?: string): Promise<void> {
  if (profileId) await prefixRange(db.historyJournal, ':id', profileId).delete()
  else await db.historyJournal.clear()
  for (const key of unindexed.keys()) if (!profileId || key.startsWith(unindexedKey(profileId, ''))) unindexed.delete(key)
}

async function quiet(): Promise<void> {
  for (;;) {
    const left = QUIET_MS - (performance.now() - lastStaged)
    if (urgent || left <= 0) return
    await sleep(left)
  }
}

async function indexAll(): Promise<void> {
  const db = explorerDb()
  try {
    setWaiting(await countWaiting(db))
    await readBackJournal(db)
    for (;;) {
      await quiet()
      if (paused) return
      const record = await db.historyJournal.orderBy(':id').first()
      if (!record) break
      await fileRecord(db, record)
    }
    setWaiting(0)
    lastFailure = undefined
  } catch (error) {
    lastFailure = error
    console.warn('indexing cached history failed', error)
    reportWriteError('historyEntries', storageErrorMessage(error))
  }
}

/** The entries waiting, counted from the journal's keys alone (each ends with its page's size). */
async function countWaiting(db: ExplorerDb): Promise<number> {
  return (await db.historyJournal.toCollection().primaryKeys()).reduce((n, k) => n + k[3], 0)
}

/** Files one journal record slice by slice, then deletes it; stops early (leaving it) when paused. */
async function fileRecord(db: ExplorerDb, record: JournalRecord): Promise<void> {
  const meta: FetchMeta = { profileId: record.profileId, baseUrl: record.baseUrl, fetchedAt: record.fetchedAt }
  let at = 0
  while (at < record.entries.length) {
    await whenIdle()
    if (paused) return
    const end = at + (urgent ? URGENT_SLICE : SLICE)
    await storeIntentObjects(db, 'history', meta, record.entries.slice(at, end), summaryFromHistoryEntry, (entry, intentId) => ({ ...meta, intentId, entry }))
    at = end
  }
  await db.historyJournal.delete([record.profileId, record.stagedAt, record.seq, record.size])
  const intentIds = record.entries.flatMap((entry) => historyEntryIntentId(entry) ?? [])
  forgetFiled(record.profileId, record.fetchedAt, intentIds)
  filedListener?.(record.profileId, record.fetchedAt, intentIds)
  setWaiting(waiting - record.size)
}

/** Drops filed entries from memory; a later staging of the same intent stays until its own record is filed. */
function forgetFiled(profileId: string, fetchedAt: number, intentIds: readonly string[]): void {
  for (const id of intentIds) {
    const key = unindexedKey(profileId, id)
    if (unindexed.get(key)?.fetchedAt === fetchedAt) unindexed.delete(key)
  }
}

let heard: CacheWorkerClient | undefined
/** The page's worker, listened to for what it files (so the page forgets it too); undefined when there is none. */
function hearFiled(): CacheWorkerClient | undefined {
  const worker = cacheWorker()
  if (worker && worker !== heard) {
    heard = worker
    worker.onFiled(forgetFiled)
  }
  return worker
}

let filedListener: ((profileId: string, fetchedAt: number, intentIds: string[]) => void) | undefined
/** The cache worker tells the page what it filed, so the page's memory drops it too. */
export function onEntriesFiled(listener: typeof filedListener): void {
  filedListener = listener
}
