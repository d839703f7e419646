import { beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheIntents, type ExplorerDb } from '../db'
import { fakeIntent, freshDb, intentIdOf, source } from '../db/testing'
import { forgetQuotedReads, quotedIntents } from './useQuotedIntents'

/** History prices its volume from cached quotes: a growing list reads only what it has not read. */

let db: ExplorerDb
beforeEach(async () => {
  db = freshDb()
  forgetQuotedReads()
  await cacheIntents(source('p1'), [1, 2, 3].map((n) => fakeIntent(n)))
})

const ids = (list: readonly { intentId?: string }[]) => list.map((i) => i.intentId).sort()

describe('quoted intents for pricing', () => {
  it('reads the ids a grown list adds, not every id again, and gives the same answer as a fresh read', async () => {
    const bulkGet = vi.spyOn(db.intents, 'bulkGet')
    const t = 1_000_000
    expect(ids(await quotedIntents('p1', [intentIdOf(1), intentIdOf(2)], t))).toEqual(ids([1, 2, 3].map((n) => fakeIntent(n))))
    const grown = await quotedIntents('p1', [intentIdOf(1), intentIdOf(2), intentIdOf(3), intentIdOf(9)], t + 1000)
    const asked = bulkGet.mock.calls.map((c) => (c[0] as Array<[string, string]>).map((k) => k[1])).filter((keys) => keys.length > 0)
    expect(asked).toEqual([[intentIdOf(1), intentIdOf(2)], [intentIdOf(3), intentIdOf(9)]])
    forgetQuotedReads()
    expect(ids(grown)).toEqual(ids(await quotedIntents('p1', [intentIdOf(1), intentIdOf(2), intentIdOf(3), intentIdOf(9)], t)))
  })

  it('reads everything again once what it read is 30 s old, so a quote cached since is found', async () => {
    const t = 1_000_000
    expect(ids(await quotedIntents('p1', [intentIdOf(4)], t))).not.toContain(intentIdOf(4))
    await cacheIntents(source('p1'), [fakeIntent(4)])
    expect(ids(await quotedIntents('p1', [intentIdOf(4)], t + 1000))).not.toContain(intentIdOf(4))
    expect(ids(await quotedIntents('p1', [intentIdOf(4)], t + 30_000))).toContain(intentIdOf(4))
  })
})
