import { describe, expect, it } from 'vitest'
import { outcomeNoticeText, type WatchOutcome, type WatchState } from './watch'

const ID = `0x${'ab'.repeat(32)}`
const done = (outcome: WatchOutcome, over: Partial<WatchState> = {}) => ({
  profileId: 'sim',
  intentId: ID,
  addedAt: 0,
  phase: 'done' as const,
  muted: false,
  outcome,
  ...over,
})

describe('outcomeNoticeText', () => {
  it('names the outcome and the shortened intent id', () => {
    expect(outcomeNoticeText(done('SUCCEEDED'))).toEqual({ title: 'Intent succeeded', body: '0xababab…abab reached its destination.' })
    expect(outcomeNoticeText(done('ABORTED', { intentId: '0xabc' }))).toEqual({ title: 'Intent aborted', body: '0xabc' })
  })

  it('gives a failure its reason, and says when the refund is not mined yet', () => {
    const refundTransaction = { chainId: 1, tokenAddress: '0x1', tokenAmount: '1', txnHash: '0x2' }
    const failed = done('FAILED', { failureReason: 'reverted', receipt: { intentId: ID, status: 'FAILED', refundTransaction } })
    expect(outcomeNoticeText(failed).body).toBe('0xababab…abab: reverted (refund pending)')
    const mined = { ...failed, receipt: { ...failed.receipt, refundTransaction: { ...refundTransaction, txnMinedAt: '2026-11-20T10:00:00Z' } } }
    expect(outcomeNoticeText(mined)).toEqual({ title: 'Intent failed', body: '0xababab…abab: reverted' })
  })
})
