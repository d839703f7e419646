import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ExplorerDb } from './db'
import { flushHistoryJournal } from './historyJournal'
import { searchCachedIntents } from './intentsQuery'
import { clearCache } from './maintenance'
import { fakeEntry, fakeIntent, freshDb, intentIdOf, reported, source } from './testing'
import { cacheWorker, setCacheWorker } from './workerClient'
import { serveCacheRequests } from './workerHost'
import type { FromWorker, PostedRequest } from './workerProtocol'
import { cacheHistoryPage, cacheIntents } from './writeThrough'
import { readQuotedIntents } from './reads'

let db: ExplorerDb
beforeEach(async () => {
  setCacheWorker(() => undefined)
  await flushHistoryJournal()
  db = freshDb()
  reported.reset()
})
afterEach(() => setCacheWorker(() => undefined))

type Listener = (e: { data?: unknown; message?: string }) => void

/**
 * A worker for the page that runs the real message handler, in this thread: messages are
 * cloned and delivered in later tasks, as between threads. (Reports the handler makes
 * reach the test's listeners directly here, so its activity events are not passed back.)
 */
function fakeWorker(answer?: (r: PostedRequest) => FromWorker | undefined) {
  const page: Record<string, Listener[]> = { message: [], error: [] }
  let handler: Listener | undefined
  const posted: PostedRequest[] = []
  const toPage = (m: FromWorker) => {
    if ('event' in m && m.event === 'activity') return
    setTimeout(() => page.message.forEach((l) => l({ data: structuredClone(m) })))
  }
  if (!answer) serveCacheRequests({ postMessage: toPage, addEventListener: (_t, l) => (handler = l as Listener) })
  const worker = {
    postMessage: (m: PostedRequest) => {
      posted.push(m)
      const copy = structuredClone(m)
      setTimeout(() => {
        const canned = answer?.(copy)
        if (canned) toPage(canned)
        else handler?.({ data: copy })
      })
    },
    addEventListener: (type: string, l: Listener) => page[type].push(l),
    terminate: () => undefined,
  }
  return { worker: worker as unknown as Worker, posted, fail: (message: string) => page.error.forEach((l) => l({ message })) }
}

const ids = async () => (await searchCachedIntents('p1', {}, { limit: 10 })).rows.map((r) => r.intentId).sort()

describe('cache worker: the page side', () => {
  it('posts staging, write-through and flushes to the worker, and keeps staged entries searchable until it files them', async () => {
    const fake = fakeWorker()
    setCacheWorker(() => fake.worker)
    await cacheHistoryPage(source(), [fakeEntry(1), fakeEntry(2)])
    await cacheIntents(source(), [fakeIntent(3)])
    expect(fake.posted.map((m) => m.op)).toEqual(['stage', 'ingest'])
    expect(fake.posted.every((m) => m.db === db.name)).toBe(true)
    expect(await db.historyJournal.count()).toBe(1)
    expect(await ids()).toEqual([intentIdOf(1), intentIdOf(2), intentIdOf(3)].sort())
    await flushHistoryJournal()
    expect(fake.posted.map((m) => m.op)).toContain('flush')
    expect(await db.historyJournal.count()).toBe(0)
    expect(await db.historyEntries.count()).toBe(2)
    expect(await ids()).toEqual([intentIdOf(1), intentIdOf(2), intentIdOf(3)].sort())
    expect(reported.lastWriteError).toBeUndefined()
  })

  it('posts a large answer in slices, so no one copy holds the window, and stores every object in order', async () => {
    const fake = fakeWorker()
    setCacheWorker(() => fake.worker)
    // 120 intents, the first listed again at the end with a later status: the later one wins.
    const intents = [...Array.from({ length: 120 }, (_, i) => fakeIntent(i + 1)), fakeIntent(1, { status: 'SUCCEEDED' })]
    await cacheIntents(source(), intents)
    const sizes = fake.posted.map((m) => (m.op === 'ingest' ? m.objects.length : 0))
    expect(sizes).toEqual([50, 50, 21])
    expect(await db.intents.count()).toBe(120)
    expect((await db.intentRows.get(['p1', intentIdOf(1)]))?.status).toBe('SUCCEEDED')
    expect(reported.lastWriteError).toBeUndefined()
  })

  it('reads the quotes for pricing in the worker, and the same ones in the page when there is none', async () => {
    await cacheIntents(source(), [fakeIntent(1), fakeIntent(2), { ...fakeIntent(3), quote: undefined }])
    const ask = () => readQuotedIntents('p1', [intentIdOf(1), intentIdOf(3)], 5)
    const inPage = await ask()
    const fake = fakeWorker()
    setCacheWorker(() => fake.worker)
    expect(await ask()).toEqual(inPage)
    expect(fake.posted.map((m) => m.op)).toEqual(['quotes'])
    expect(inPage.map((q) => q.intentId).sort()).toEqual([intentIdOf(1), intentIdOf(2)])
    expect(inPage[0]).not.toHaveProperty('ownerAddress')
  })

  it('pauses the worker\'s filing while the page clears the cache', async () => {
    const fake = fakeWorker()
    setCacheWorker(() => fake.worker)
    await cacheHistoryPage(source(), [fakeEntry(1)])
    await clearCache({})
    const ops = fake.posted.map((m) => m.op)
    expect(ops.indexOf('pause')).toBeGreaterThan(-1)
    expect(ops.indexOf('pause')).toBeLessThan(ops.lastIndexOf('resume') === -1 ? Infinity : ops.lastIndexOf('resume'))
    expect(await db.historyJournal.count()).toBe(0)
    expect(await ids()).toEqual([])
  })

  it('does the work in the page when the worker fails to load, and stops asking it', async () => {
    const fake = fakeWorker(() => undefined)
    setCacheWorker(() => fake.worker)
    const staged = cacheHistoryPage(source(), [fakeEntry(1)])
    fake.fail('404 cacheWorker.js')
    await staged
    expect(await db.historyJournal.count()).toBe(1)
    expect(reported.lastWriteError).toBeUndefined()
    expect(cacheWorker()).toBeUndefined()
    await cacheIntents(source(), [fakeIntent(3)])
    expect(fake.posted).toHaveLength(1)
    expect(await db.intents.count()).toBe(1)
  })

  it('reports a failure in the worker as the page would have (the storage is full)', async () => {
    const fake = fakeWorker((r) => ({ id: r.id, ok: false, names: ['AbortError', 'QuotaExceededError'], message: 'full' }))
    setCacheWorker(() => fake.worker)
    await cacheIntents(source(), [fakeIntent(3)])
    expect(reported.lastWriteError).toMatchObject({ store: 'intents' })
    expect(reported.lastWriteError?.message).toMatch(/disk space/)
    // Nothing was written in the page behind the worker's back.
    expect(await db.intents.count()).toBe(0)
  })
})
