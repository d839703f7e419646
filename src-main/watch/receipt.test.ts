import { describe, expect, it } from 'vitest'
import type { IntentReceipt } from '../../src-shared/contract/service'
import type { WatchState } from '../../src-shared/contract/watch'
import { applyAnswer } from './receipt'

const base: WatchState = { profileId: 'p', intentId: '0xabc', addedAt: 1, phase: 'polling', muted: false, revision: 1 }

describe('applyAnswer', () => {
  it('keeps polling a pending intent and stamps the times', () => {
    const next = applyAnswer(base, { intentReceipt: { status: 'EXECUTING' }, done: false }, 100)
    expect(next).toMatchObject({ phase: 'polling', status: 'EXECUTING', lastUpdateAt: 100, lastChangeAt: 100 })
    expect(next.outcome).toBeUndefined()
    const later = applyAnswer(next, { intentReceipt: { status: 'EXECUTING' }, done: false }, 200)
    expect(later).toMatchObject({ lastUpdateAt: 200, lastChangeAt: 100 })
  })

  it('ends on SUCCEEDED and on FAILED with the origin transaction’s reason', () => {
    expect(applyAnswer(base, { intentReceipt: { status: 'SUCCEEDED' }, done: true }, 1)).toMatchObject({ phase: 'done', outcome: 'SUCCEEDED' })
    const failed: IntentReceipt = { status: 'FAILED', originTransaction: { statusReason: 'slippage tolerance exceeded' } }
    expect(applyAnswer(base, { intentReceipt: failed, done: true }, 1)).toMatchObject({
      outcome: 'FAILED',
      failureReason: 'slippage tolerance exceeded',
    })
  })

  it('treats ABORTED and REFUNDED as final even when the service says not done', () => {
    expect(applyAnswer(base, { intentReceipt: { status: 'ABORTED' }, done: false }, 1).outcome).toBe('ABORTED')
    expect(applyAnswer(base, { intentReceipt: { status: 'REFUNDED' }, done: false }, 1).outcome).toBe('REFUNDED')
  })

  it('reads a receipt without status: done with a reason is a failure, done without one a success', () => {
    const reason: IntentReceipt = { originTransaction: { statusReason: 'destination call reverted' } }
    expect(applyAnswer(base, { intentReceipt: reason, done: true }, 1)).toMatchObject({ status: 'FAILED', outcome: 'FAILED' })
    expect(applyAnswer(base, { intentReceipt: {}, done: true }, 1)).toMatchObject({ status: 'SUCCEEDED', outcome: 'SUCCEEDED' })
    const pending = applyAnswer({ ...base, status: 'EXECUTING' }, { intentReceipt: {}, done: false }, 1)
    expect(pending.status).toBe('EXECUTING')
  })

  it('clears a previous retry error once an answer arrives', () => {
    const retrying: WatchState = { ...base, phase: 'retrying', error: { kind: 'Network', message: 'down' }, retryAt: 5 }
    const next = applyAnswer(retrying, { intentReceipt: { status: 'EXECUTING' }, done: false }, 10)
    expect(next.error).toBeUndefined()
    expect(next.retryAt).toBeUndefined()
    expect(next.phase).toBe('polling')
  })
})
