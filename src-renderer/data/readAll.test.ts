import { beforeEach, describe, expect, it } from 'vitest'
import type { Fetched } from '@contract/app'
import type { Result } from '@contract/errors'
import { createQueryClient } from './client'
import type { ListPage, PagedSource } from './paging'
import { useReadAllRuns } from '../stores/readAllRuns'
import { cancelReadAll, forgetReadAllRuns, readAllInto, type PagedData } from './readAll'

const KEY = ['p', 'getIntentHistory', { byOwnerAddress: 'o' }] as const
const src = { profileId: 'p', baseUrl: '', simulated: true, fetchedAt: 1 }

/** `total` items live, paged by an offset; the service stops answering from page `downFrom` on; the cache holds `cached` items. */
function list(total: number, o: { downFrom?: number; cached?: number; repeat?: boolean } = {}): PagedSource<string> {
  let page = 0
  return {
    live: async (cursor, size): Promise<Result<Fetched<ListPage<string>>>> => {
      if (o.downFrom !== undefined && page++ >= o.downFrom) return { ok: false, error: { kind: 'Network', message: 'down' } }
      const from = (cursor as number | undefined) ?? 0
      // With `repeat`, every page starts one item early: the service lists an item twice.
      const start = o.repeat && from > 0 ? from - 1 : from
      const items = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => `i${start + i}`)
      const end = start + items.length
      return { ok: true, value: { data: { items, next: end < total ? end : undefined }, source: src } }
    },
    cached: async (cursor, size) => {
      const from = (cursor as number | undefined) ?? 0
      const items = Array.from({ length: Math.max(0, Math.min(size, (o.cached ?? 0) - from)) }, (_, i) => `i${from + i}`)
      return { data: { items, next: from + items.length < (o.cached ?? 0) ? from + items.length : undefined }, fetchedAt: 1 }
    },
  }
}

const run = () => Object.values(useReadAllRuns.getState())[0]
const items = (client: ReturnType<typeof createQueryClient>) =>
  client.getQueryData<PagedData<string>>(KEY)?.pages.flatMap((p) => p?.data.items ?? []) ?? []

beforeEach(() => forgetReadAllRuns())

describe('readAllInto', () => {
  it('fills the query page by page up to the cap, and resumes', async () => {
    const client = createQueryClient()
    const source = list(250)
    await readAllInto(client, KEY, source, { cap: 120, pageSize: 100, offline: false })
    expect(run()).toMatchObject({ running: false, outcome: 'cap', loaded: 120, pages: 2 })
    expect(items(client)).toHaveLength(120)
    await readAllInto(client, KEY, source, { cap: 1000, pageSize: 100, offline: false, resume: true })
    expect(run()).toMatchObject({ outcome: 'complete', loaded: 250, pages: 4 })
    expect(items(client)).toEqual(Array.from({ length: 250 }, (_, i) => `i${i}`))
  })

  it('shows an item listed twice once, and counts it', async () => {
    const client = createQueryClient()
    await readAllInto(client, KEY, list(30, { repeat: true }), { cap: 100, pageSize: 10, offline: false, idOf: (s) => s })
    expect(new Set(items(client)).size).toBe(items(client).length)
    expect(items(client)).toHaveLength(30)
    expect(run()!.duplicates).toBeGreaterThan(0)
  })

  it('calls a list the service stopped answering part-way partial, also once the cache finishes it short', async () => {
    const client = createQueryClient()
    await readAllInto(client, KEY, list(3000, { downFrom: 2 }), { cap: 5000, pageSize: 100, offline: false })
    expect(run()).toMatchObject({ outcome: 'error', loaded: 200, atLeast: 201 })
    // Offline now: the cache holds fewer than the service showed.
    await readAllInto(client, KEY, list(3000, { cached: 150 }), { cap: 5000, pageSize: 100, offline: true })
    expect(run()).toMatchObject({ outcome: 'complete', loaded: 150, atLeast: 201 })
  })

  it('says "all" when the service itself said the list ended', async () => {
    const client = createQueryClient()
    await readAllInto(client, KEY, list(150), { cap: 5000, pageSize: 100, offline: false })
    expect(run()).toMatchObject({ outcome: 'complete', loaded: 150 })
    expect(run()!.atLeast).toBeUndefined()
  })

  it('stops after the page in flight when cancelled', async () => {
    const client = createQueryClient()
    const going = readAllInto(client, KEY, list(1000), { cap: 5000, pageSize: 100, offline: false })
    cancelReadAll(KEY)
    expect(run()).toMatchObject({ running: true, cancelling: true })
    await going
    expect(run()).toMatchObject({ running: false, outcome: 'cancelled', loaded: 100 })
  })
})
