import { describe, expect, it } from 'vitest'
import type { SvcError } from '@contract/errors'
import type { IntentHistoryEntry } from '@contract/service'
import type { FeedContext, FeedPage, HistoryFeed } from './feed'
import { DEFAULT_SETTINGS } from './filters'
import { createHistoryStore, type HistoryFeeds } from './store'
import { makeEntry } from './testing/entries'

type Call = { kind: string; cursor: unknown; pageSize: number; context: FeedContext }

/**
 * A feed over a fixed list with offset cursors. Answers can be held back (to test that
 * late answers are dropped) or made to fail.
 */
function fakeFeed(kind: 'service' | 'cache', list: IntentHistoryEntry[], calls: Call[]) {
  const held: Array<() => void> = []
  let hold = false
  let failNext: SvcError | null = null
  const feed: HistoryFeed<number> = {
    kind,
    settled: () => Promise.resolve(),
    fetchPage: (context, cursor, pageSize) => {
      calls.push({ kind, cursor, pageSize, context })
      const from = cursor ?? 0
      const entries = list.slice(from, from + pageSize)
      const next = from + entries.length
      const more = next < list.length
      const failure = failNext
      failNext = null
      const answer = () =>
        failure
          ? ({ ok: false, error: failure } as const)
          : ({ ok: true, value: { entries, next: more ? next : undefined, more, fetchedAt: 1000 + from } satisfies FeedPage<number> } as const)
      if (!hold) return Promise.resolve(answer())
      return new Promise((resolve) => held.push(() => resolve(answer())))
    },
  }
  return {
    feed,
    hold: (on: boolean) => (hold = on),
    release: (i: number) => held[i](),
    failNext: (e: SvcError) => (failNext = e),
  }
}

const settle = () => new Promise((r) => setTimeout(r, 0))
const ctx = (over: Partial<FeedContext> = {}): FeedContext => ({ profileId: 'p1', query: {}, settings: { ...DEFAULT_SETTINGS, pageSize: 10 }, ...over })

function setup(size = 35) {
  const list = Array.from({ length: size }, () => makeEntry())
  const cached = list.slice(0, 5)
  const calls: Call[] = []
  const service = fakeFeed('service', list, calls)
  const cache = fakeFeed('cache', cached, calls)
  const store = createHistoryStore({ service: service.feed, cache: cache.feed } as HistoryFeeds)
  return { list, calls, service, cache, store }
}

describe('history store: pages', () => {
  it('pages forward with the cursor it was given and back with the ones it saw', async () => {
    const { list, calls, store } = setup()
    store.getState().open('k', ctx(), 'service')
    await settle()
    expect(store.getState()).toMatchObject({ pageIndex: 0, more: true, status: 'ready' })
    expect(store.getState().entries).toEqual(list.slice(0, 10))

    store.getState().nextPage()
    await settle()
    store.getState().nextPage()
    await settle()
    expect(store.getState().pageIndex).toBe(2)
    expect(store.getState().entries).toEqual(list.slice(20, 30))

    store.getState().previousPage()
    await settle()
    expect(store.getState().pageIndex).toBe(1)
    expect(store.getState().entries).toEqual(list.slice(10, 20))
    expect(calls.map((c) => c.cursor)).toEqual([undefined, 10, 20, 10])

    store.getState().nextPage()
    await settle()
    store.getState().nextPage()
    await settle()
    expect(store.getState()).toMatchObject({ pageIndex: 3, more: false })
    expect(store.getState().entries).toEqual(list.slice(30))
    store.getState().nextPage()
    await settle()
    expect(calls).toHaveLength(6)
  })

  it('keeps the list when the same one is opened again, and starts over for another', async () => {
    const { calls, store } = setup()
    store.getState().open('k', ctx(), 'service')
    await settle()
    store.getState().nextPage()
    await settle()
    store.getState().open('k', ctx({ settings: { ...DEFAULT_SETTINGS, pageSize: 10, cap: 77 } }), 'service')
    expect(store.getState().pageIndex).toBe(1)
    expect(store.getState().settings.cap).toBe(77)
    expect(calls).toHaveLength(2)

    store.getState().open('other', ctx({ query: { byOwnerAddress: '0xabc' } }), 'service')
    await settle()
    expect(store.getState().pageIndex).toBe(0)
    expect(calls[2]).toMatchObject({ cursor: undefined, context: { query: { byOwnerAddress: '0xabc' } } })
  })

  it('drops an answer that arrives after a newer request', async () => {
    const { list, service, store } = setup()
    service.hold(true)
    store.getState().open('a', ctx(), 'service')
    store.getState().open('b', ctx({ query: { byProjectId: 1 } }), 'service')
    service.release(1)
    await settle()
    service.release(0)
    await settle()
    expect(store.getState().key).toBe('b')
    expect(store.getState().entries).toEqual(list.slice(0, 10))
    expect(store.getState().status).toBe('ready')
  })

  it('keeps the shown page on a failure and retries the page that failed', async () => {
    const { list, calls, service, store } = setup()
    store.getState().open('k', ctx(), 'service')
    await settle()
    service.failNext({ kind: 'RateLimited', message: 'slow down' })
    store.getState().nextPage()
    await settle()
    expect(store.getState()).toMatchObject({ status: 'error', pageIndex: 0, error: { kind: 'RateLimited' } })
    expect(store.getState().entries).toEqual(list.slice(0, 10))
    store.getState().retry()
    await settle()
    expect(store.getState()).toMatchObject({ status: 'ready', pageIndex: 1, error: null })
    expect(calls.map((c) => c.cursor)).toEqual([undefined, 10, 10])
  })

  it('reads the cache when opened offline, and the service again on retryOnline', async () => {
    const { list, calls, store } = setup()
    store.getState().open('k', ctx(), 'cache')
    await settle()
    expect(store.getState()).toMatchObject({ feedKind: 'cache', more: false })
    expect(store.getState().entries).toEqual(list.slice(0, 5))
    store.getState().retryOnline()
    await settle()
    expect(store.getState().feedKind).toBe('service')
    expect(store.getState().entries).toEqual(list.slice(0, 10))
    expect(calls.map((c) => c.kind)).toEqual(['cache', 'service'])
    // The view then opens the same key online: nothing is fetched twice.
    store.getState().open('k', ctx(), 'service')
    expect(calls).toHaveLength(2)
  })

  it('reads the shown cached page again in place once more entries are filed', async () => {
    const list = Array.from({ length: 8 }, () => makeEntry())
    const cached = list.slice(0, 3)
    const calls: Call[] = []
    const store = createHistoryStore({ service: fakeFeed('service', list, calls).feed, cache: fakeFeed('cache', cached, calls).feed } as HistoryFeeds)
    store.getState().open('k', ctx(), 'cache')
    await settle()
    store.getState().toggleSelected('a', cached[0])
    store.getState().setScrollTop(120)
    cached.push(...list.slice(3, 6))
    store.getState().refreshCachedPage()
    expect(store.getState().status).toBe('ready')
    await settle()
    expect(store.getState().entries).toEqual(list.slice(0, 6))
    expect(store.getState()).toMatchObject({ scrollTop: 120, pageIndex: 0, status: 'ready' })
    expect(store.getState().selected.size).toBe(1)
    expect(calls.map((c) => [c.kind, c.cursor])).toEqual([
      ['cache', undefined],
      ['cache', undefined],
    ])
  })

  it('leaves a service page, and a list "load all" read from the cache, as they are', async () => {
    const { calls, store } = setup()
    store.getState().open('k', ctx(), 'service')
    await settle()
    store.getState().refreshCachedPage()
    store.getState().open('k2', ctx(), 'cache')
    await settle()
    store.getState().startLoadAll()
    await settle()
    await settle()
    const read = calls.length
    store.getState().refreshCachedPage()
    await settle()
    expect(calls).toHaveLength(read)
    expect(calls.map((c) => c.kind)).toEqual(['service', 'cache', 'cache'])
  })

  it('does not fetch twice when the view goes online while the retry is still in flight', async () => {
    const { calls, service, store } = setup()
    store.getState().open('k', ctx(), 'cache')
    await settle()
    service.hold(true)
    store.getState().retryOnline()
    store.getState().open('k', ctx(), 'service')
    service.release(0)
    await settle()
    expect(calls.map((c) => c.kind)).toEqual(['cache', 'service'])
    expect(store.getState()).toMatchObject({ feedKind: 'service', status: 'ready' })
  })
})

describe('history store: load all', () => {
  it('loads every entry in big pages, then goes back to pages', async () => {
    const { list, calls, store } = setup(250)
    store.getState().open('k', ctx(), 'service')
    await settle()
    store.getState().startLoadAll()
    for (let i = 0; i < 5; i++) await settle()
    const s = store.getState()
    expect(s.mode).toBe('all')
    expect(s.entries).toEqual(list)
    expect(s.loadAll).toMatchObject({ running: false, outcome: 'complete', loaded: 250, pages: 3 })
    expect(calls.slice(1).map((c) => c.pageSize)).toEqual([100, 100, 100])

    store.getState().backToPages()
    await settle()
    expect(store.getState()).toMatchObject({ mode: 'pages', pageIndex: 0, loadAll: null })
    expect(store.getState().entries).toHaveLength(10)
  })

  it('opens a list asked for with the "all" view straight into load all, and follows a change of view', async () => {
    const { list, calls, store } = setup(250)
    const all = (on: boolean) => ctx({ settings: { ...DEFAULT_SETTINGS, pageSize: 10, all: on } })
    store.getState().open('k', all(true), 'cache')
    expect(store.getState()).toMatchObject({ mode: 'all', loadAll: { running: true } })
    for (let i = 0; i < 3; i++) await settle()
    expect(calls.map((c) => [c.kind, c.pageSize])).toEqual([['cache', 100]])
    expect(store.getState().entries).toEqual(list.slice(0, 5))

    // The view opens the same list again on every render: nothing is read twice.
    store.getState().open('k', all(true), 'cache')
    expect(calls).toHaveLength(1)

    store.getState().open('k', all(false), 'cache')
    await settle()
    expect(store.getState()).toMatchObject({ mode: 'pages', pageIndex: 0, loadAll: null, settings: { all: false } })
    store.getState().open('k', all(true), 'cache')
    expect(store.getState()).toMatchObject({ mode: 'all', settings: { all: true } })
    expect(calls.map((c) => c.pageSize)).toEqual([100, 10, 100])
  })

  it('keeps the "all" view when it retries online', async () => {
    const { list, calls, store } = setup(150)
    store.getState().open('k', ctx({ settings: { ...DEFAULT_SETTINGS, pageSize: 10, all: true } }), 'cache')
    for (let i = 0; i < 3; i++) await settle()
    store.getState().retryOnline()
    for (let i = 0; i < 5; i++) await settle()
    expect(store.getState()).toMatchObject({ feedKind: 'service', mode: 'all', loadAll: { outcome: 'complete', loaded: 150 } })
    expect(store.getState().entries).toEqual(list)
    expect(calls.map((c) => c.kind)).toEqual(['cache', 'service', 'service'])
  })

  it('stops at the cap given with the request and continues on resume', async () => {
    const { list, store } = setup(250)
    store.getState().open('k', ctx(), 'service')
    await settle()
    store.getState().startLoadAll(120)
    for (let i = 0; i < 5; i++) await settle()
    expect(store.getState().loadAll).toMatchObject({ outcome: 'cap', loaded: 120 })
    expect(store.getState().more).toBe(true)
    store.getState().resumeLoadAll(1000)
    for (let i = 0; i < 5; i++) await settle()
    expect(store.getState().loadAll).toMatchObject({ outcome: 'complete', loaded: 250 })
    expect(store.getState().entries).toEqual(list)
  })

  it('cancels between pages', async () => {
    const { service, store } = setup(250)
    store.getState().open('k', ctx(), 'service')
    await settle()
    service.hold(true)
    store.getState().startLoadAll()
    store.getState().cancelLoadAll()
    expect(store.getState().loadAll).toMatchObject({ running: true, cancelling: true })
    service.release(0)
    for (let i = 0; i < 3; i++) await settle()
    expect(store.getState().loadAll).toMatchObject({ running: false, outcome: 'cancelled', loaded: 100 })
    expect(store.getState().entries).toHaveLength(100)
  })

  it('shows an entry listed twice only once, and counts it', async () => {
    const list = Array.from({ length: 150 }, () => makeEntry())
    const repeated = [...list.slice(0, 100), list[99], ...list.slice(100)]
    const calls: Call[] = []
    const store = createHistoryStore({ service: fakeFeed('service', repeated, calls).feed, cache: fakeFeed('cache', [], calls).feed } as HistoryFeeds)
    store.getState().open('k', ctx(), 'service')
    await settle()
    store.getState().startLoadAll()
    for (let i = 0; i < 5; i++) await settle()
    expect(store.getState().entries).toEqual(list)
    expect(store.getState().loadAll).toMatchObject({ outcome: 'complete', loaded: 150, duplicates: 1 })
  })
})

describe('history store: selection', () => {
  it('keeps picked entries across pages', async () => {
    const { list, store } = setup()
    store.getState().open('k', ctx(), 'service')
    await settle()
    store.getState().toggleSelected('a', list[0])
    store.getState().nextPage()
    await settle()
    store.getState().toggleSelected('b', list[12])
    expect([...store.getState().selected.values()]).toEqual([list[0], list[12]])
    store.getState().toggleSelected('a', list[0])
    expect([...store.getState().selected.keys()]).toEqual(['b'])
  })
})

describe('history store: "load all" when the service is lost part-way', () => {
  it('says the list is partial once the cache finishes it short, instead of "all"', async () => {
    const list = Array.from({ length: 3_500 }, () => makeEntry())
    const calls: Call[] = []
    const service = fakeFeed('service', list, calls)
    const cache = fakeFeed('cache', list.slice(0, 1_000), calls)
    // The service answers until 3,001 entries were listed (and more were said to remain), then is gone.
    const lost: HistoryFeed<number> = {
      ...service.feed,
      fetchPage: (context, cursor, pageSize) =>
        (cursor ?? 0) >= 3_001
          ? Promise.resolve({ ok: false, error: { kind: 'Network', message: 'Lost contact with the app host.' } })
          : service.feed.fetchPage(context, cursor, Math.min(pageSize, 3_001 - (cursor ?? 0))),
    }
    const store = createHistoryStore({ service: lost, cache: cache.feed } as HistoryFeeds)
    const all = ctx({ settings: { ...DEFAULT_SETTINGS, pageSize: 100, all: true, cap: 10_000 } })
    store.getState().open('k', all, 'service')
    for (let i = 0; i < 200 && store.getState().loadAll?.running !== false; i++) await settle()
    expect(store.getState().loadAll).toMatchObject({ outcome: 'error', loaded: 3_001, atLeast: 3_002 })

    // The view notices the service is unreachable and reads the same list from the cache.
    store.getState().open('k', all, 'cache')
    for (let i = 0; i < 200 && store.getState().loadAll?.running !== false; i++) await settle()
    expect(store.getState().loadAll).toMatchObject({ outcome: 'complete', loaded: 1_000, atLeast: 3_002 })
  })

  it('says "all" when the service itself said the list ended', async () => {
    const { store } = setup(250)
    store.getState().open('k', ctx({ settings: { ...DEFAULT_SETTINGS, pageSize: 100, all: true, cap: 10_000 } }), 'service')
    for (let i = 0; i < 50 && store.getState().loadAll?.running !== false; i++) await settle()
    expect(store.getState().loadAll).toMatchObject({ outcome: 'complete', loaded: 250 })
    expect(store.getState().loadAll?.atLeast).toBeUndefined()
  })
})
