import { beforeEach, describe, expect, it, vi } from 'vitest'
import { explorerDb } from '../db'
import { fakeEntry } from '../db/testing'
import { answers, okFetched } from '../testing/bridge'
import { resetWorld } from '../testing/harness'
import { readHistory } from './paging'

vi.mock('./call', async () => ({ call: (await import('../testing/bridge')).fakeCall }))
vi.mock('../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

describe('readHistory', () => {
  beforeEach(resetWorld)

  it('with `filed`, returns only once every entry read is filed in the cache (its summary row exists)', async () => {
    answers.set('getIntentHistory', () => okFetched({ intents: [fakeEntry(1), fakeEntry(2)], page: {} }))
    const read = await readHistory({}, { cap: 10, pageSize: 10, filed: true })
    expect(read.entries).toHaveLength(2)
    expect(await explorerDb().intentRows.count()).toBe(2)
  })
})
