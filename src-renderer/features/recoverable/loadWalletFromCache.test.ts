import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { cacheHistoryFiled } from '../../db/testing'
import { PROFILE, source } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { loadWalletFromCache } from './useWallet'

beforeEach(() => resetWorld())

describe('loadWalletFromCache', () => {
  it('carries the time the oldest entry was fetched from the service', async () => {
    const owner = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'
    const now = Date.now()
    const failed = (id: string) => ({ intentId: id, status: 'FAILED' as const, createdAt: new Date(now - 3_600_000).toISOString(), receipt: { summary: { ownerAddress: owner } } })
    await cacheHistoryFiled(source(now - 9 * 60_000), [failed(`0x${'c'.repeat(64)}`)])
    await cacheHistoryFiled(source(now - 60_000), [failed(`0x${'d'.repeat(64)}`)])
    const got = await loadWalletFromCache(PROFILE, owner)
    expect(got?.data.entries).toHaveLength(2)
    expect(got?.fetchedAt).toBe(now - 9 * 60_000)
  })
})
