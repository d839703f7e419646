import { describe, expect, it } from 'vitest'
import type { WatchOutcome, WatchState } from '../../src-shared/contract/watch'
import { noticeDue, noticeFor } from './notice'

const ID = `0x${'ab'.repeat(32)}`
const watch = (over: Partial<WatchState> = {}): WatchState => ({ profileId: 'sim', intentId: ID, addedAt: 0, phase: 'polling', muted: false, revision: 1, ...over })
const done = (outcome: WatchOutcome, over: Partial<WatchState> = {}) => ({ ...watch({ phase: 'done', status: outcome, ...over }), outcome })

describe('noticeFor', () => {
  it('names the outcome and the shortened intent id', () => {
    expect(noticeFor(done('SUCCEEDED'))).toMatchObject({ title: 'Intent succeeded', body: '0xababab…abab reached its destination.', intentId: ID })
    expect(noticeFor(done('ABORTED', { intentId: '0xabc' }))).toMatchObject({ title: 'Intent aborted', body: '0xabc' })
  })

  it('gives a failure its reason, and says when the refund is not mined yet', () => {
    const refundTransaction = { chainId: 1, tokenAddress: '0x1', tokenAmount: '1', txnHash: '0x2' }
    const failed = done('FAILED', { failureReason: 'reverted', receipt: { intentId: ID, status: 'FAILED', refundTransaction } })
    expect(noticeFor(failed).body).toBe('0xababab…abab: reverted (refund pending)')
    const mined = { ...failed, receipt: { ...failed.receipt, refundTransaction: { ...refundTransaction, txnMinedAt: '2026-11-20T10:00:00Z' } } }
    expect(noticeFor(mined)).toMatchObject({ title: 'Intent failed', body: '0xababab…abab: reverted' })
  })
})

describe('noticeDue', () => {
  const pending = watch({ status: 'EXECUTING' })
  it('is due for an outcome reached while watched', () => {
    expect(noticeDue(pending, done('SUCCEEDED'), false)).toBe(true)
  })
  it('is not due for an intent already final when added, a second time, or when muted', () => {
    expect(noticeDue(watch(), done('SUCCEEDED'), false)).toBe(false)
    expect(noticeDue(done('FAILED'), done('FAILED'), false)).toBe(false)
    expect(noticeDue(pending, done('SUCCEEDED', { muted: true }), false)).toBe(false)
    expect(noticeDue(pending, done('SUCCEEDED'), true)).toBe(false)
    expect(noticeDue(pending, watch({ status: 'EXECUTING' }), false)).toBe(false)
  })
})
