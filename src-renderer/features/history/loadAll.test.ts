import { describe, expect, it } from 'vitest'
import type { SvcError } from '@contract/errors'
import type { IntentHistoryEntry } from '@contract/service'
import type { FeedPage } from './feed'
import { loadAll } from './loadAll'
import { makeEntry } from './testing/entries'

const all = Array.from({ length: 250 }, () => makeEntry())

/** A list served by offset cursors; records every page size it was asked for. */
function server(opts: { failAt?: number } = {}) {
  const sizes: number[] = []
  const fetchPage = async (cursor: number | undefined, pageSize: number) => {
    const from = cursor ?? 0
    sizes.push(pageSize)
    if (opts.failAt !== undefined && from >= opts.failAt) {
      return { ok: false as const, error: { kind: 'Unavailable', message: 'down' } satisfies SvcError }
    }
    const entries = all.slice(from, from + pageSize)
    const next = from + entries.length
    const more = next < all.length
    const page: FeedPage<number> = { entries, next: more ? next : undefined, more, fetchedAt: 1 }
    return { ok: true as const, value: page }
  }
  return { fetchPage, sizes }
}

function collector() {
  const got: IntentHistoryEntry[] = []
  return { got, onPage: (entries: IntentHistoryEntry[]) => (got.push(...entries), entries.length) }
}

describe('loadAll', () => {
  it('reads every page until the list ends', async () => {
    const s = server()
    const c = collector()
    const r = await loadAll({ fetchPage: s.fetchPage, from: undefined, already: 0, cap: 10_000, pageSize: 100, signal: new AbortController().signal, onPage: c.onPage })
    expect(r).toEqual({ outcome: 'complete', next: undefined })
    expect(c.got).toEqual(all)
    expect(s.sizes).toEqual([100, 100, 100])
  })

  it('stops exactly at the cap, asking only for what the cap allows, and can resume', async () => {
    const s = server()
    const c = collector()
    const r = await loadAll({ fetchPage: s.fetchPage, from: undefined, already: 0, cap: 130, pageSize: 100, signal: new AbortController().signal, onPage: c.onPage })
    expect(r).toEqual({ outcome: 'cap', next: 130 })
    expect(c.got).toHaveLength(130)
    expect(s.sizes).toEqual([100, 30])

    const more = await loadAll({ fetchPage: s.fetchPage, from: r.next, already: 130, cap: 1000, pageSize: 100, signal: new AbortController().signal, onPage: c.onPage })
    expect(more.outcome).toBe('complete')
    expect(c.got).toEqual(all)
  })

  it('stops between pages when cancelled, keeping the page in flight', async () => {
    const s = server()
    const abort = new AbortController()
    const c = collector()
    const r = await loadAll({
      fetchPage: s.fetchPage,
      from: undefined,
      already: 0,
      cap: 10_000,
      pageSize: 100,
      signal: abort.signal,
      onPage: (entries) => {
        abort.abort()
        return c.onPage(entries)
      },
    })
    expect(r).toEqual({ outcome: 'cancelled', next: 100 })
    expect(c.got).toHaveLength(100)
  })

  it('reports a failed page with the cursor to retry from', async () => {
    const s = server({ failAt: 200 })
    const c = collector()
    const r = await loadAll({ fetchPage: s.fetchPage, from: undefined, already: 0, cap: 10_000, pageSize: 100, signal: new AbortController().signal, onPage: c.onPage })
    expect(r.outcome).toBe('error')
    expect(r.next).toBe(200)
    expect(r.error?.kind).toBe('Unavailable')
    expect(c.got).toHaveLength(200)
  })

  it('ends when a page brings nothing new, rather than looping', async () => {
    const r = await loadAll({
      fetchPage: async () => ({ ok: true, value: { entries: [all[0]], next: 1, more: true, fetchedAt: 1 } }),
      from: undefined,
      already: 0,
      cap: 100,
      pageSize: 10,
      signal: new AbortController().signal,
      onPage: () => 0,
    })
    expect(r.outcome).toBe('complete')
  })
})
