import { beforeEach, describe, expect, it } from 'vitest'
import type { ExplorerDb } from './db'
import { flushHistoryJournal } from './historyJournal'
import { fakeEntry, fakeIntent, freshDb, intentIdOf, source } from './testing'
import { handleCacheRequest, serveCacheRequests } from './workerHost'
import type { FromWorker, PostedRequest } from './workerProtocol'

let db: ExplorerDb
beforeEach(async () => {
  await flushHistoryJournal()
  db = freshDb()
})

const meta = () => {
  const { profileId, baseUrl, fetchedAt } = source()
  return { profileId, baseUrl, fetchedAt }
}
let ids = 0
const req = (r: Record<string, unknown>) => ({ id: ++ids, db: db.name, ...r }) as PostedRequest

/** The worker's global as `serveCacheRequests` sees it: requests posted in, everything it posts kept. */
function fakeScope() {
  const out: FromWorker[] = []
  let listener: ((e: MessageEvent<PostedRequest>) => void) | undefined
  serveCacheRequests({ postMessage: (m) => out.push(m), addEventListener: (_type, l) => (listener = l) })
  const answer = async (r: PostedRequest) => {
    listener!({ data: r } as MessageEvent<PostedRequest>)
    for (let i = 0; i < 200 && !out.some((m) => 'id' in m && m.id === r.id); i++) await new Promise((resolve) => setTimeout(resolve, 5))
    return out.find((m) => 'id' in m && m.id === r.id)
  }
  return { out, answer }
}

describe('cache worker: the message handler', () => {
  it('stages a page, files it when asked, and tells the page which entries it filed', async () => {
    const scope = fakeScope()
    expect(await scope.answer(req({ op: 'stage', meta: meta(), entries: [fakeEntry(1), fakeEntry(2)] }))).toMatchObject({ ok: true })
    expect(await db.historyJournal.count()).toBe(1)
    expect(await scope.answer(req({ op: 'flush' }))).toMatchObject({ ok: true })
    expect(await db.historyJournal.count()).toBe(0)
    expect(await db.historyEntries.count()).toBe(2)
    const filed = scope.out.find((m) => 'event' in m && m.event === 'filed')
    expect(filed).toMatchObject({ event: 'filed', profileId: 'p1', fetchedAt: meta().fetchedAt })
    expect(filed && 'intentIds' in filed && [...filed.intentIds].sort()).toEqual([intentIdOf(1), intentIdOf(2)].sort())
    // The backlog count goes to the page too, ending at none.
    const counts = scope.out.flatMap((m) => ('event' in m && m.event === 'activity' && m.activity.kind === 'unindexed' ? [m.activity.count] : []))
    expect(counts).toContain(2)
    expect(counts[counts.length - 1]).toBe(0)
  })

  it('writes intents and receipts through with their summary rows', async () => {
    await handleCacheRequest(req({ op: 'ingest', kind: 'intent', meta: meta(), objects: [fakeIntent(5)] }))
    await handleCacheRequest(req({ op: 'ingest', kind: 'receipt', meta: meta(), objects: [fakeEntry(6).receipt] }))
    expect((await db.intents.get(['p1', intentIdOf(5)]))?.intent.intentId).toBe(intentIdOf(5))
    expect((await db.receipts.get(['p1', intentIdOf(6)]))?.receipt.intentId).toBe(intentIdOf(6))
    expect(await db.intentRows.count()).toBe(2)
  })

  it('holds filing while the page pauses it, and files again once resumed', async () => {
    await handleCacheRequest(req({ op: 'stage', meta: meta(), entries: [fakeEntry(1)] }))
    const pause = req({ op: 'pause' })
    await handleCacheRequest(pause)
    await handleCacheRequest(req({ op: 'schedule' }))
    expect(await db.historyJournal.count()).toBe(1)
    // The page clears the journal meanwhile; the worker reads it again on resuming.
    await db.historyJournal.clear()
    await handleCacheRequest(req({ op: 'resume', pauseId: pause.id }))
    await handleCacheRequest(req({ op: 'flush' }))
    expect(await db.historyEntries.count()).toBe(0)
  })

  it('follows the page to the database it uses', async () => {
    const other = freshDb()
    await handleCacheRequest({ id: ++ids, db: other.name, op: 'ingest', kind: 'intent', meta: meta(), objects: [fakeIntent(7)] })
    expect(await other.intents.count()).toBe(1)
  })

  it('answers a read for pricing with only the quote fields of the cached intents that have a quote', async () => {
    const quoted = { ...fakeIntent(5), quote: { ...fakeIntent(5).quote!, fromAmountUsd: 1.5, toAmountUsd: 1.49 } }
    await handleCacheRequest(req({ op: 'ingest', kind: 'intent', meta: meta(), objects: [quoted, { ...fakeIntent(6), quote: undefined }] }))
    const answer = await fakeScope().answer(req({ op: 'quotes', profileId: 'p1', intentIds: [intentIdOf(5), intentIdOf(6)], others: 0 }))
    expect(answer).toEqual({
      id: expect.any(Number),
      ok: true,
      value: [
        {
          intentId: intentIdOf(5),
          originChainId: quoted.originChainId,
          originTokenAddress: quoted.originTokenAddress,
          destinationChainId: quoted.destinationChainId,
          destinationTokenAddress: quoted.destinationTokenAddress,
          quote: { fromAmount: '1500000', fromAmountUsd: 1.5, toAmount: '1490000', toAmountUsd: 1.49 },
          quoteRequest: {},
          depositTransaction: { decimals: 6 },
        },
      ],
    })
  })

  it('answers a failure with the names of its causes, so the page tells the person what the storage said', async () => {
    const scope = fakeScope()
    // Staging rejects what cannot be stored (IndexedDB cannot clone a function).
    const bad = { ...fakeEntry(1), extra: () => 1 }
    const answer = await scope.answer(req({ op: 'stage', meta: meta(), entries: [bad] }))
    expect(answer).toMatchObject({ ok: false })
    expect(answer && 'names' in answer && answer.names).toContain('DataCloneError')
  })
})
