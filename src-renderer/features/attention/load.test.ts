import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { cacheHistoryFiled } from '../../db/testing'
import { PROFILE, source } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { loadFromCache } from './load'

beforeEach(() => resetWorld())

describe('loadFromCache', () => {
  it('says when the service answered what it read (the oldest fetch), not when the cache was read', async () => {
    const now = Date.now()
    const executing = (id: string) => ({ intentId: id, status: 'EXECUTING' as const, createdAt: new Date(now - 3_600_000).toISOString() })
    await cacheHistoryFiled(source(now - 6 * 60_000), [executing(`0x${'a'.repeat(64)}`)])
    await cacheHistoryFiled(source(now - 2 * 60_000), [executing(`0x${'b'.repeat(64)}`)])
    const cached = await loadFromCache(PROFILE, now)
    expect(cached?.data).toHaveLength(2)
    expect(cached?.fetchedAt).toBe(now - 6 * 60_000)
  })

  it('has no fetch time when the cache holds nothing', async () => {
    expect(await loadFromCache(PROFILE, Date.now())).toBeUndefined()
  })
})
