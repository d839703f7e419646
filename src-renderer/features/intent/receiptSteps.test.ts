import { describe, expect, it } from 'vitest'
import type { IntentReceipt, IntentTransaction } from '@contract/service'
import { LEG_STATUS, TRANSACTION_STATUSES } from '@contract/service/constants'
import { failureReason, receiptSteps } from './receiptSteps'

const tx = (over: Partial<IntentTransaction>): IntentTransaction => ({
  chainId: 1,
  tokenAddress: '0xaaa',
  tokenAmount: '1000000',
  txnHash: `0x${'1'.repeat(64)}`,
  ...over,
})

const summary = {
  originTokenMetadata: { chainId: 1, tokenAddress: '0xAAA', symbol: 'USDC', decimals: 6 },
  destinationTokenMetadata: { chainId: 8453, tokenAddress: '0xbbb', symbol: 'USDbC', decimals: 6 },
}

const byKey = (r: IntentReceipt, status?: IntentReceipt['status']) =>
  Object.fromEntries(receiptSteps(r, status).map((s) => [s.key, s]))

describe('receiptSteps', () => {
  it('lists the four legs in order with chains, amounts, token metadata and elapsed times', () => {
    const r: IntentReceipt = {
      status: 'SUCCEEDED',
      originChainId: 1,
      destinationChainId: 8453,
      summary,
      depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z' }),
      originTransaction: tx({ txnMinedAt: '2026-11-20T10:00:07Z' }),
      destinationTransaction: tx({ chainId: 8453, tokenAddress: '0xbbb', tokenAmount: '990000', txnMinedAt: '2026-11-20T10:01:07Z' }),
    }
    const steps = receiptSteps(r)
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['deposit', 'done'],
      ['origin', 'done'],
      ['destination', 'done'],
      ['refund', 'skipped'],
    ])
    expect(steps[0]).toMatchObject({ chainId: 1, amount: '1000000', symbol: 'USDC', decimals: 6 })
    expect(steps[0].elapsedMs).toBeUndefined()
    expect(steps[1].elapsedMs).toBe(7_000)
    expect(steps[2]).toMatchObject({ symbol: 'USDbC', elapsedMs: 60_000, current: true })
    expect(steps[3].note).toBe('Not needed')
  })

  it('marks the origin as failed and current when an origin failure carries the reason', () => {
    const r: IntentReceipt = {
      status: 'FAILED',
      depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z' }),
      originTransaction: tx({ statusReason: 'slippage tolerance exceeded', txnMinedAt: '2026-11-20T10:00:09Z' }),
    }
    const s = byKey(r)
    expect(s.origin).toMatchObject({ state: 'failed', current: true, statusReason: 'slippage tolerance exceeded' })
    expect(s.destination).toMatchObject({ state: 'skipped', note: 'Not reached' })
    expect(s.refund.note).toBe('None recorded')
    expect(failureReason(r)).toBe('slippage tolerance exceeded')
  })

  it('blames the destination when the route reached it, though the reason sits on the origin', () => {
    const r: IntentReceipt = {
      status: 'FAILED',
      depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z' }),
      originTransaction: tx({ statusReason: 'destination call reverted', txnMinedAt: '2026-11-20T10:00:05Z' }),
      destinationTransaction: tx({ chainId: 10 }),
    }
    const s = byKey(r)
    expect(s.origin.state).toBe('done')
    expect(s.destination).toMatchObject({ state: 'failed', current: true, chainId: 10 })
  })

  it('shows a refund after a failed origin, with the refund as where the intent ended', () => {
    const r: IntentReceipt = {
      status: 'REFUNDED',
      depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z' }),
      originTransaction: tx({ statusReason: 'insufficient liquidity on route' }),
      refundTransaction: tx({ txnMinedAt: '2026-11-20T10:00:40Z' }),
    }
    const s = byKey(r)
    expect(s.origin.state).toBe('failed')
    expect(s.refund).toMatchObject({ state: 'done', current: true, elapsedMs: 40_000 })
    expect(s.destination.state).toBe('skipped')
  })

  it('treats an unmined transaction as in progress and the next legs as waiting', () => {
    const r: IntentReceipt = {
      status: 'EXECUTING',
      depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z' }),
      originTransaction: tx({ txnHash: undefined }),
    }
    const s = byKey(r)
    expect(s.origin).toMatchObject({ state: 'pending', current: true })
    expect(s.destination).toMatchObject({ state: 'waiting', current: false })
    expect(s.refund).toMatchObject({ state: 'skipped', note: 'Only if the route fails' })
  })

  it('points at the first waiting step when nothing has started', () => {
    const s = receiptSteps(undefined, 'COMMITTED')
    expect(s.map((x) => x.state)).toEqual(['waiting', 'waiting', 'waiting', 'skipped'])
    expect(s[0].current).toBe(true)
  })

  it('prefers a status the service sent on the transaction itself', () => {
    const withStatus = { ...tx({ txnMinedAt: '2026-11-20T10:00:00Z' }), status: 'REVERTED' } as IntentTransaction
    const s = byKey({ status: 'EXECUTING', depositTransaction: withStatus })
    expect(s.deposit.state).toBe('failed')
  })

  it('carries each leg’s own status, kind and note as sent, and reads the known statuses', () => {
    const r: IntentReceipt = {
      status: 'EXECUTING',
      depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z', status: 'SUCCEEDED', type: 'DEPOSIT', context: 'deposit leg' }),
      // Mined, yet the service still holds the origin leg as pending: the leg is stuck there.
      originTransaction: tx({ txnMinedAt: '2026-11-20T10:00:05Z', status: 'PENDING', type: 'ORIGIN' }),
      destinationTransaction: tx({ chainId: 8453, status: 'UNKNOWN' }),
    }
    const s = byKey(r)
    expect(s.deposit).toMatchObject({ state: 'done', txStatus: 'SUCCEEDED', txType: 'DEPOSIT', txContext: 'deposit leg' })
    expect(s.origin).toMatchObject({ state: 'pending', txStatus: 'PENDING', txType: 'ORIGIN', current: true })
    // UNKNOWN says nothing: the transaction without a mined time is under way.
    expect(s.destination).toMatchObject({ state: 'pending', txStatus: 'UNKNOWN' })
    expect(s.refund.txStatus).toBeUndefined()
  })

  it('places each of the published leg statuses on the timeline', () => {
    const expected: Record<string, string> = {
      ON_HOLD: 'waiting',
      PENDING: 'pending',
      RELAYING: 'pending',
      SENT: 'pending',
      MINING: 'pending',
      SUCCEEDED: 'done',
      ERRORED: 'failed',
      FAILED: 'failed',
      REVERTED: 'failed',
      ABORTED: 'skipped',
    }
    expect(Object.keys(expected).length + 1).toBe(TRANSACTION_STATUSES.length)
    for (const status of TRANSACTION_STATUSES.filter((x) => x !== 'UNKNOWN')) {
      const s = byKey({ status: 'EXECUTING', depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z' }), originTransaction: tx({ status }) })
      expect(s.origin.state, status).toBe(expected[status])
      expect(s.origin.txStatus).toBe(status)
      expect(LEG_STATUS[status].meaning.length, status).toBeGreaterThan(10)
    }
  })

  it('keeps a leg status it does not know, judging the leg by the other evidence', () => {
    const r: IntentReceipt = {
      status: 'EXECUTING',
      depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z', status: 'AWAITING_ORACLE' }),
      originTransaction: tx({ status: 'AWAITING_ORACLE' }),
    }
    const s = byKey(r)
    expect(s.deposit).toMatchObject({ state: 'done', txStatus: 'AWAITING_ORACLE' })
    expect(s.origin).toMatchObject({ state: 'pending', txStatus: 'AWAITING_ORACLE' })
  })

  it('lets a newer status override the receipt status', () => {
    const r: IntentReceipt = { status: 'EXECUTING', depositTransaction: tx({ txnMinedAt: '2026-11-20T10:00:00Z' }) }
    expect(byKey(r, 'ABORTED').origin).toMatchObject({ state: 'skipped', note: 'Not reached' })
    expect(byKey(r, 'ABORTED').deposit.current).toBe(true)
  })

  it('has no failure reason for a receipt without one', () => {
    expect(failureReason(undefined)).toBeUndefined()
    expect(failureReason({ originTransaction: tx({}) })).toBeUndefined()
  })
})
