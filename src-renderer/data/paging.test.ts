import { describe, expect, it } from 'vitest'
import type { Fetched } from '@contract/app'
import type { Result, SvcError } from '@contract/errors'
import type { PageParam } from '@contract/paging'
import { fetchListPage, readPages, type ListPage, type PagedSource } from './paging'

const src = { profileId: 'p', baseUrl: 'http://x', simulated: true, fetchedAt: 1000 }
const BIG = '18446744073709551615'

/**
 * A list of `total` numbers paged by an `after` cursor carried as a decimal string, like
 * the service's uint64 cursors (starting above 2^53, so a cursor turned into a number
 * would point elsewhere); the cache holds the first `cached` items under cursors of its own.
 */
function list(total: number, o: { cached?: number; fail?: (n: number) => SvcError | undefined } = {}) {
  const asked: Array<{ cursor: unknown; pageSize: number; from: string }> = []
  const base = BigInt(BIG) - BigInt(total)
  let calls = 0
  const source: PagedSource<number> = {
    live: async (cursor, pageSize): Promise<Result<Fetched<ListPage<number>>>> => {
      asked.push({ cursor, pageSize, from: 'live' })
      const error = o.fail?.(calls++)
      if (error) return { ok: false, error }
      const from = cursor === undefined ? 0 : Number(BigInt((cursor as { after: string }).after) - base)
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, total - from)) }, (_, i) => from + i)
      const end = from + items.length
      return { ok: true, value: { data: { items, next: end < total ? { after: String(base + BigInt(end)) } : undefined }, source: src } }
    },
    cached: async (cursor, pageSize) => {
      asked.push({ cursor, pageSize, from: 'cache' })
      const from = (cursor as number | undefined) ?? 0
      const held = o.cached ?? 0
      const items = Array.from({ length: Math.max(0, Math.min(pageSize, held - from)) }, (_, i) => from + i)
      return { data: { items, next: from + items.length < held ? from + items.length : undefined }, fetchedAt: 500 }
    },
  }
  return { source, asked }
}

const read = (l: ReturnType<typeof list>, offline = false) => (param: PageParam) => fetchListPage(l.source, param, offline)

describe('readPages', () => {
  it('reads every page in order and re-sends the uint64 cursors exactly', async () => {
    const l = list(25)
    const seen: number[] = []
    const r = await readPages(read(l), { cap: 100, pageSize: 10, onPage: (a) => void seen.push(...a.data.items) })
    expect(r).toMatchObject({ outcome: 'complete', read: 25, next: undefined })
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i))
    expect(l.asked.map((a) => (a.cursor as { after?: string } | undefined)?.after)).toEqual([undefined, '18446744073709551600', '18446744073709551610'])
  })

  it('asks the last page only for what the cap allows, and resumes from where it stopped', async () => {
    const l = list(100)
    const first = await readPages(read(l), { cap: 25, pageSize: 10 })
    expect(first).toMatchObject({ outcome: 'cap', read: 25 })
    expect(l.asked.map((a) => a.pageSize)).toEqual([10, 10, 5])
    const more = await readPages(read(l), { from: first.next, already: first.read, cap: 40, pageSize: 10 })
    expect(more).toMatchObject({ outcome: 'cap', read: 40 })
    expect(l.asked.slice(3).map((a) => a.pageSize)).toEqual([10, 5])
  })

  it('stops between pages once cancelled, keeping the page in flight', async () => {
    const l = list(100)
    const abort = new AbortController()
    const r = await readPages(read(l), { cap: 100, pageSize: 10, signal: abort.signal, onPage: () => abort.abort() })
    expect(r).toMatchObject({ outcome: 'cancelled', read: 10 })
    expect(r.next?.cursor).toEqual({ after: '18446744073709551525' })
  })

  it('ends on a page with nothing new, and keeps what it read before a failure', async () => {
    const l = list(100)
    expect(await readPages(read(l), { cap: 100, pageSize: 10, onPage: () => 0 })).toMatchObject({ outcome: 'complete', read: 0 })
    const failing = list(100, { fail: (n) => (n === 2 ? { kind: 'Unauthorized', message: 'no' } : undefined) })
    const r = await readPages(read(failing), { cap: 100, pageSize: 10 })
    expect(r).toMatchObject({ outcome: 'error', read: 20, error: { kind: 'Unauthorized' } })
    expect(r.next?.cursor).toEqual({ after: '18446744073709551535' })
  })

  it('stops with a bad response when the service hands back the cursor it was sent', async () => {
    const stuck = { after: BIG }
    const pages: PagedSource<number> = { live: async () => ({ ok: true, value: { data: { items: [1], next: stuck }, source: src } }) }
    const r = await readPages((param) => fetchListPage(pages, param, false), { cap: 100, pageSize: 10 })
    expect(r).toMatchObject({ outcome: 'error', read: 2, error: { kind: 'BadResponse' } })
    expect(r.error?.message).toMatch(/same page cursor twice/)
  })
})

describe('fetchListPage', () => {
  it('answers offline from the cache and follows the cache’s own cursors', async () => {
    const l = list(100, { cached: 15 })
    const seen: number[] = []
    const r = await readPages(read(l, true), { cap: 100, pageSize: 10, onPage: (a) => void seen.push(...a.data.items) })
    expect(r).toMatchObject({ outcome: 'complete', read: 15 })
    expect(l.asked.map((a) => `${a.from} ${String(a.cursor)}`)).toEqual(['cache undefined', 'cache 10'])
  })

  it('falls back to the cache’s first page on an outage, with its age and the reason', async () => {
    const l = list(100, { cached: 5, fail: () => ({ kind: 'Network', message: 'down' }) })
    const answer = await fetchListPage(l.source, { cursor: undefined, pageSize: 10, from: 'live' }, false)
    expect(answer).toMatchObject({ fromCache: true, fetchedAt: 500, liveError: { kind: 'Network' }, data: { items: [0, 1, 2, 3, 4] } })
  })

  it('has no cached answer for a service cursor: an outage there is the error', async () => {
    const l = list(100, { cached: 5, fail: () => ({ kind: 'Network', message: 'down' }) })
    await expect(fetchListPage(l.source, { cursor: { after: '1' }, pageSize: 10, from: 'live' }, false)).rejects.toMatchObject({ kind: 'Network' })
    expect(await fetchListPage(l.source, { cursor: { after: '1' }, pageSize: 10, from: 'live' }, true)).toBeNull()
  })
})
