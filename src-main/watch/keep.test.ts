import { describe, expect, it } from 'vitest'
import type { IntentReceipt } from '../../src-shared/contract/service'
import type { WatchState } from '../../src-shared/contract/watch'
import { MAX_FIELD_CHARS, MAX_TEXT_CHARS, RECEIPT_KEPT_CHARS, clipText, jsonChars, keptError, keptReceipt, receiptSummary, storedWatch } from './keep'

const MiB = 1024 * 1024
const huge = (n = 5 * MiB) => 'x'.repeat(n)

/** A receipt as a hostile service may send it: every text field megabytes long, unknown fields too. */
const hostile = (): IntentReceipt =>
  ({
    intentId: '0xabc',
    status: 'FAILED',
    originChainId: 8453,
    createdAt: '2026-11-27T10:00:00Z',
    originTransaction: { chainId: 8453, statusReason: huge(), txnHash: `0x${'a'.repeat(64)}`, calldata: `0x${'00'.repeat(MiB)}`, tokenAmount: '9'.repeat(MiB), status: huge() },
    destinationTransaction: { chainId: 42161, context: huge(), type: 'SWAP', txnMinedAt: '2026-11-27T10:01:00Z' },
    summary: { startedAt: '2026-11-27T10:00:00Z', finishedAt: '2026-11-27T10:02:00Z', memo: huge(), originTokenMetadata: { symbol: huge(), decimals: 6, logoUri: huge() }, routeProviders: [huge()] },
    notes: huge(),
  }) as IntentReceipt

describe('clipText', () => {
  it('keeps short text and cuts long text with a marker naming its length', () => {
    expect(clipText('slippage', 10)).toBe('slippage')
    const cut = clipText('abcdefghijkl'.repeat(5), 40)
    expect(cut).toBe('abcdefghijk… [cut: 60 characters in all]')
    expect(cut).toHaveLength(40)
    expect(clipText(cut, 40)).toBe(cut)
  })

  it('never splits a surrogate pair', () => {
    expect(clipText(`${'a'.repeat(10)}😀${'b'.repeat(40)}`, 40)).toBe(`${'a'.repeat(10)}… [cut: 52 characters in all]`)
  })
})

describe('jsonChars', () => {
  it('measures about what JSON.stringify writes, and stops past the limit', () => {
    const value = { a: 'text', b: [1, true, null], c: { d: 'x' } }
    expect(jsonChars(value, 1_000)).toBeGreaterThanOrEqual(JSON.stringify(value).length - 4)
    expect(jsonChars(value, 1_000)).toBeLessThanOrEqual(JSON.stringify(value).length + 8)
    expect(jsonChars({ a: huge() }, 100)).toBe(101)
  })
})

describe('what a watch keeps of a receipt', () => {
  it('keeps an ordinary receipt whole, as the service sent it', () => {
    const receipt = { intentId: '0xabc', status: 'EXECUTING', originTransaction: { statusReason: 'waiting', calldata: '0x1234' }, extra: 'kept' } as IntentReceipt
    expect(keptReceipt(receipt)).toEqual({ receipt })
  })

  it('keeps a receipt past the budget as its summary, bounded whatever came in, with what the board shows', () => {
    const { receipt, receiptTrimmed } = keptReceipt(hostile())
    expect(receiptTrimmed).toBe(true)
    expect(JSON.stringify(receipt).length).toBeLessThan(RECEIPT_KEPT_CHARS)
    expect(receipt).toMatchObject({
      intentId: '0xabc',
      status: 'FAILED',
      originTransaction: { chainId: 8453, txnHash: `0x${'a'.repeat(64)}` },
      destinationTransaction: { chainId: 42161, type: 'SWAP', txnMinedAt: '2026-11-27T10:01:00Z' },
      summary: { startedAt: '2026-11-27T10:00:00Z', finishedAt: '2026-11-27T10:02:00Z', originTokenMetadata: { decimals: 6 } },
    })
    // Free text is cut with a marker; an amount too long to be one is dropped rather than cut.
    expect(receipt.originTransaction!.statusReason).toHaveLength(MAX_TEXT_CHARS)
    expect(receipt.originTransaction!.statusReason).toMatch(/^x+… \[cut: 5,242,880 characters in all\]$/)
    expect(receipt.originTransaction!.status).toHaveLength(MAX_FIELD_CHARS)
    expect(receipt.originTransaction!.tokenAmount).toBeUndefined()
    expect(receipt.originTransaction).not.toHaveProperty('calldata')
    expect(receipt).not.toHaveProperty('notes')
    expect(receipt.summary).not.toHaveProperty('memo')
  })

  it('a summary of a summary is the same summary', () => {
    const once = receiptSummary(hostile())
    expect(receiptSummary(once)).toEqual(once)
  })
})

describe('what a watch keeps of an error and on disk', () => {
  it('cuts every text of an error a service could fill', () => {
    const error = keptError({ kind: 'Unavailable', message: huge(), name: huge(), path: huge(), operation: 'WaitIntentReceipt', status: 503 })
    expect(JSON.stringify(error).length).toBeLessThan(MAX_TEXT_CHARS + 2 * MAX_FIELD_CHARS + 200)
    expect(error).toMatchObject({ kind: 'Unavailable', operation: 'WaitIntentReceipt', status: 503 })
  })

  it('saves the summary only, never the whole receipt, and the reason cut to size', () => {
    const receipt = { intentId: '0xabc', status: 'EXECUTING', originTransaction: { calldata: '0x1234' } } as IntentReceipt
    const state: WatchState = { profileId: 'p', intentId: '0xabc', addedAt: 1, phase: 'done', muted: false, revision: 3, receipt, failureReason: huge(), outcome: 'FAILED' }
    const saved = storedWatch(state)
    expect(saved.receiptTrimmed).toBe(true)
    expect(saved.receipt).toEqual({ intentId: '0xabc', status: 'EXECUTING', originTransaction: {} })
    expect(saved.failureReason).toHaveLength(MAX_TEXT_CHARS)
    // Read back, it is the same.
    expect(storedWatch(saved)).toEqual(saved)
    expect(storedWatch({ ...state, receipt: undefined })).not.toHaveProperty('receiptTrimmed')
  })
})
