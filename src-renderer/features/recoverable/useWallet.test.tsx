import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { waitFor } from '@testing-library/react'
import type { SvcError } from '@contract/errors'
import { cacheHistoryFiled } from '../../db/testing'
import { answers, okFetched, source } from '../../testing/bridge'
import { renderHookAt, resetWorld } from '../../testing/harness'
import { useWallet } from './useWallet'

beforeEach(() => resetWorld())

const OWNER = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'
const REJECTED: SvcError = { kind: 'Unauthorized', message: 'access key rejected', operation: 'GetIntentHistory' }
const failed = (n: number) => ({ intentId: `0x${String(n).repeat(64)}`, status: 'FAILED' as const, createdAt: new Date(Date.now() - 3_600_000).toISOString(), receipt: { summary: { ownerAddress: OWNER } } })

describe('useWallet', () => {
  it('follows the one fallback rule: a rejected key with cached intents shows them beside the failed call, with their fetch time', async () => {
    const fetchedAt = Date.now() - 9 * 60_000
    await cacheHistoryFiled(source(fetchedAt), [failed(1)])
    answers.set('getIntentHistory', () => ({ ok: false, error: REJECTED }))
    const { result } = renderHookAt('/recoverable', () => useWallet(OWNER))
    await waitFor(() => expect(result.current.vm.status).toBe('ok'))
    expect(result.current.vm.shown).toMatchObject({ fromCache: true, fetchedAt, liveError: REJECTED, data: { owner: OWNER, complete: true } })
    expect(result.current.vm.shown?.data.entries.map((e) => e.intentId)).toEqual([failed(1).intentId])
  })

  it('with nothing cached, the failure is the answer; asked nothing without an owner', async () => {
    answers.set('getIntentHistory', () => ({ ok: false, error: REJECTED }))
    const { result } = renderHookAt('/recoverable', () => useWallet(OWNER))
    await waitFor(() => expect(result.current.vm.status).toBe('error'))
    expect(renderHookAt('/recoverable', () => useWallet('')).result.current.vm.status).toBe('idle')
  })

  it('answers from the service when it answers', async () => {
    answers.set('getIntentHistory', () => okFetched({ intents: [failed(2)] }))
    const { result } = renderHookAt('/recoverable', () => useWallet(OWNER))
    await waitFor(() => expect(result.current.vm.status).toBe('ok'))
    expect(result.current.vm.shown).toMatchObject({ fromCache: false, data: { owner: OWNER, complete: true } })
  })
})
