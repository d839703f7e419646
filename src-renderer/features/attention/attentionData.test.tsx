import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import type { SvcError } from '@contract/errors'
import { cacheHistoryFiled } from '../../db/testing'
import { answers, callsOf, okFetched, source } from '../../testing/bridge'
import { renderHookAt, resetWorld } from '../../testing/harness'
import { useAttentionData } from './load'

beforeEach(() => resetWorld())

const REJECTED: SvcError = { kind: 'Unauthorized', message: 'access key rejected', operation: 'GetIntentHistory' }
const executing = (n: number) => ({ intentId: `0x${String(n).repeat(64)}`, status: 'EXECUTING' as const, createdAt: new Date(Date.now() - 3_600_000).toISOString() })

describe('useAttentionData', () => {
  it('follows the one fallback rule: a rejected key with cached intents shows them beside the failed call, with their fetch time', async () => {
    const fetchedAt = Date.now() - 5 * 60_000
    await cacheHistoryFiled(source(fetchedAt), [executing(1)])
    answers.set('getIntentHistory', () => ({ ok: false, error: REJECTED }))
    const { result } = renderHookAt('/attention', () => useAttentionData())
    await waitFor(() => expect(result.current.vm.status).toBe('ok'))
    expect(result.current.vm.shown).toMatchObject({ fromCache: true, fetchedAt, liveError: REJECTED })
    expect(result.current.vm.shown?.data.map((c) => c.intentId)).toEqual([executing(1).intentId])
  })

  it('with nothing cached, the failure is the answer', async () => {
    answers.set('getIntentHistory', () => ({ ok: false, error: REJECTED }))
    const { result } = renderHookAt('/attention', () => useAttentionData())
    await waitFor(() => expect(result.current.vm.status).toBe('error'))
    expect(result.current.vm).toMatchObject({ error: REJECTED, shown: undefined })
  })

  it('answers from the service, and asks again on reload', async () => {
    answers.set('getIntentHistory', () => okFetched({ intents: [executing(2)] }))
    const { result } = renderHookAt('/attention', () => useAttentionData())
    await waitFor(() => expect(result.current.vm.shown?.data).toHaveLength(1))
    expect(result.current.vm).toMatchObject({ status: 'ok', shown: { fromCache: false } })
    expect(result.current.vm.shown?.liveError).toBeUndefined()
    // Three questions: executing, committed, recoverable.
    expect(callsOf('getIntentHistory')).toHaveLength(3)
    act(() => result.current.vm.reload())
    await waitFor(() => expect(callsOf('getIntentHistory')).toHaveLength(6))
  })
})
