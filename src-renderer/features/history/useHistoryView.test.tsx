import '../../testing/svc'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import type { GetIntentHistoryRequest, IntentHistoryEntry, Page } from '@contract/service'
import { flushHistoryJournal } from '../../db'
import { cacheHistoryFiled } from '../../db/testing'
import { useCacheStatus } from '../../stores/cache'
import { answers, callsOf, okFetched, source } from '../../testing/bridge'
import { renderHookAt, resetWorld } from '../../testing/harness'
import { EMPTY_DRAFT } from './filters'
import { makeEntry, OWNER } from './testing/entries'
import { useHistoryView } from './useHistoryView'

/** A service of `list` paged by an `after` offset, with a cursor above 2^53 like the deployed service's. */
const BASE = 2n ** 60n
function serveHistory(list: IntentHistoryEntry[]) {
  answers.set('getIntentHistory', (req: GetIntentHistoryRequest) => {
    const page = req.page ?? {}
    const from = page.after === undefined ? 0 : Number(BigInt(page.after) - BASE)
    const size = page.pageSize ?? 20
    const intents = list.slice(from, from + size)
    const nextPage: Page = { ...page, after: String(BASE + BigInt(from + intents.length)), more: from + size < list.length }
    return okFetched({ intents, nextPage })
  })
}

const render = (path: string) => renderHookAt(path, useHistoryView)

const ids = (entries: readonly IntentHistoryEntry[]) => entries.map((e) => e.intentId)
const sent = () => callsOf('getIntentHistory') as GetIntentHistoryRequest[]

beforeEach(() => resetWorld())
// Entries still being filed would land in the next test's database.
afterEach(() => flushHistoryJournal())

describe('useHistoryView', () => {
  it('asks for the URL’s filters and pages by the service’s cursors, kept exact', async () => {
    const list = Array.from({ length: 25 }, () => makeEntry())
    serveHistory(list)
    const { result } = render(`/history?owner=${OWNER}&size=10`)
    await waitFor(() => expect(result.current.vm.list.status).toBe('ok'))
    expect(sent()[0]).toEqual({ byOwnerAddress: OWNER, page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }], pageSize: 10 } })
    expect(ids(result.current.vm.list.entries)).toEqual(ids(list.slice(0, 10)))

    act(() => result.current.vm.actions.next())
    await waitFor(() => expect(result.current.vm.list.pageIndex).toBe(1))
    expect(sent()[1]?.page?.after).toBe('1152921504606846986')
    act(() => result.current.vm.actions.next())
    await waitFor(() => expect(result.current.vm.list.more).toBe(false))
    expect(ids(result.current.vm.list.entries)).toEqual(ids(list.slice(20)))
    act(() => result.current.vm.actions.previous())
    expect(ids(result.current.vm.list.entries)).toEqual(ids(list.slice(10, 20)))
    expect(sent()).toHaveLength(3)
  })

  it('asks nothing while a filter is invalid', async () => {
    serveHistory([makeEntry()])
    const { result } = render('/history?owner=0x12')
    expect(result.current.vm.validation.ok).toBe(false)
    expect(result.current.vm.list.status).toBe('idle')
    await new Promise((r) => setTimeout(r, 50))
    expect(sent()).toEqual([])
  })

  it('applies new filters through the URL, leaving the "all" view', async () => {
    serveHistory([makeEntry()])
    const { result } = render('/history?all=1&cap=40')
    await waitFor(() => expect(result.current.vm.list.run?.outcome).toBe('complete'))
    act(() => result.current.vm.actions.applyFilters({ ...EMPTY_DRAFT, owner: OWNER }))
    expect(result.current.at.search).toBe(`?owner=${OWNER}&cap=40`)
    expect(result.current.vm.list.view).toBe('pages')
    await waitFor(() => expect(sent().at(-1)?.byOwnerAddress).toBe(OWNER))
  })

  it('loads all up to the cap in big pages, and continues', async () => {
    const list = Array.from({ length: 130 }, () => makeEntry())
    serveHistory(list)
    const { result } = render('/history?all=1&cap=110')
    await waitFor(() => expect(result.current.vm.list.run).toMatchObject({ running: false, outcome: 'cap', loaded: 110 }))
    expect(sent().map((r) => r.page?.pageSize)).toEqual([100, 10])
    expect(result.current.vm.list.entries).toHaveLength(110)
    expect(result.current.vm.list.more).toBe(true)
    act(() => result.current.vm.actions.resumeLoadAll(1000))
    await waitFor(() => expect(result.current.vm.list.run).toMatchObject({ running: false, outcome: 'complete', loaded: 130 }))
    expect(ids(result.current.vm.list.entries)).toEqual(ids(list))
  })

  it('reads the cache offline, naming the filters it cannot apply', async () => {
    const cached = makeEntry({ createdAt: '2026-11-02T00:00:00.000Z' })
    await cacheHistoryFiled(source(Date.now() - 3_600_000), [cached])
    useCacheStatus.setState({ forcedOffline: true })
    const { result } = render('/history?protocol=v1')
    await waitFor(() => expect(result.current.vm.list.status).toBe('ok'))
    expect(result.current.vm.list).toMatchObject({ fromCache: true, liveError: null })
    expect(ids(result.current.vm.list.entries)).toEqual([cached.intentId])
    expect(result.current.vm.offlineNotes.join(' ')).toContain('protocol')
    expect(sent()).toEqual([])
  })
})
