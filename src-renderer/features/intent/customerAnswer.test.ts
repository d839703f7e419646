import { describe, expect, it } from 'vitest'
import type { ChainInfo, Intent, IntentBalance, IntentReceipt } from '@contract/service'
import { priceKey } from '../../lib/priceSource'
import { customerAnswer, heldValue, quoteExpectation, type AnswerInput } from './customerAnswer'
import { makeTokenLookup } from './tokenLookup'

const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const chains = new Map<number, ChainInfo>([
  [42161, { id: 42161, name: 'Arbitrum One', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
  [8453, { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
])
const NOW = Date.parse('2026-11-20T10:10:00.000Z')

const intent: Intent = {
  intentId: '0xabc',
  originChainId: 42161,
  destinationChainId: 8453,
  originTokenAddress: USDC_ARB,
  destinationTokenAddress: USDC_BASE,
  quoteRequest: { originTokenAmount: '1234567890123', destinationToAddress: '0xrecipient' },
  quote: { toAmount: '1234000000000', estimatedDuration: 45 },
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-20T10:10:00.000Z',
}

const summary = {
  originTokenMetadata: { chainId: 42161, tokenAddress: USDC_ARB, symbol: 'USDC', decimals: 6 },
  destinationTokenMetadata: { chainId: 8453, tokenAddress: USDC_BASE, symbol: 'USDC', decimals: 6 },
}
const deposit = { chainId: 42161, tokenAddress: USDC_ARB, tokenAmount: '1234567890123', txnHash: '0xdep', txnMinedAt: '2026-11-20T10:07:00.000Z' }
const executing: IntentReceipt = { status: 'EXECUTING', summary: { ...summary, startedAt: '2026-11-20T10:07:00.000Z' }, depositTransaction: deposit }

function answer(over: Partial<AnswerInput> & { receipt?: IntentReceipt }) {
  const receipt = over.receipt
  return customerAnswer({
    intent: { ...intent, status: over.status ?? receipt?.status },
    chains,
    tokenOf: makeTokenLookup(intent, receipt, new Map()),
    now: NOW,
    ...over,
  })
}

const recoverableBalance: IntentBalance = {
  intentAddress: '0xorigin',
  chainId: 42161,
  tokens: [
    { contractAddress: USDC_ARB, balance: '1234567890123', balanceUsd: '1234567.89', decimals: 6, symbol: 'USDC', chainId: 42161 },
    { contractAddress: '0xdust', balance: '0', decimals: 18, symbol: 'DUST', chainId: 42161 },
  ],
}

describe('customerAnswer', () => {
  it('succeeded: says the funds arrived, exactly how much and where', () => {
    const receipt: IntentReceipt = {
      status: 'SUCCEEDED',
      summary: { ...summary, destinationTokenAmount: '1234000000000', finishedAt: '2026-11-20T10:08:30.000Z' },
      depositTransaction: deposit,
      destinationTransaction: { chainId: 8453, txnHash: '0xdst', txnMinedAt: '2026-11-20T10:08:30.000Z' },
    }
    const a = answer({ receipt })
    expect(a.outcome).toBe('succeeded')
    expect(a.text).toBe(
      'The transfer of 1,234,567.890123 USDC from Arbitrum One to Base completed on 2026-11-20 10:08 UTC. ' +
        '1,234,000 USDC arrived at 0xrecipient on Base. Nothing more needs to happen.',
    )
  })

  it('executing on time: says how long it usually takes and that nothing is needed', () => {
    const a = answer({ receipt: executing, now: Date.parse('2026-11-20T10:07:30.000Z'), expectation: { typicalMs: 45_000, lateAfterMs: 120_000, basis: 'route' } })
    expect(a.outcome).toBe('executing-on-time')
    expect(a.text).toContain('is in progress and has run for 30s; transfers on this route usually finish in 45s.')
    expect(a.text).toContain('Your deposit arrived on Arbitrum One and the funds are on their way to Base.')
    expect(a.text).toContain('No action is needed')
  })

  it('stale or offline: begins "As of HH:MM (N min ago)" and measures times to the fetch, not to now', () => {
    // Fetched 10:07:30, read 5 minutes later: the intent had run 30 s then; 5m 30s now would be a guess.
    const fetched = Date.parse('2026-11-20T10:07:30.000Z')
    const a = answer({ receipt: executing, now: fetched + 5 * 60_000, asOf: fetched, expectation: { typicalMs: 45_000, lateAfterMs: 120_000, basis: 'route' } })
    expect(a.asOf).toBe(fetched)
    expect(a.outcome).toBe('executing-on-time')
    expect(a.text).toMatch(/^As of 10:07 UTC \(5 min ago\), the transfer of /)
    expect(a.text).toContain('has run for 30s')
    expect(a.text).not.toContain('5m 30s')
    // A fresh answer has no such opening.
    expect(answer({ receipt: executing, now: fetched, expectation: { typicalMs: 45_000, lateAfterMs: 120_000, basis: 'route' } }).text).toMatch(/^The transfer/)
  })

  it('executing late: compares the run time with the route and says the funds are in transit', () => {
    const a = answer({ receipt: executing, expectation: { typicalMs: 45_000, lateAfterMs: 120_000, slowerThan: 0.987, basis: 'route' } })
    expect(a.outcome).toBe('executing-late')
    expect(a.text).toContain('is taking longer than usual: it has run for 3m 00s, while transfers on this route usually finish in 45s, slower than 98% of transfers on this route.')
    expect(a.text).toContain('The funds are not lost: they are in transit between Arbitrum One and Base.')
  })

  it('executing with only the quote to go by: late after twice the estimate', () => {
    const e = quoteExpectation(intent)!
    expect(e).toEqual({ typicalMs: 45_000, lateAfterMs: 90_000, basis: 'quote' })
    const a = answer({ receipt: executing, expectation: e })
    expect(a.outcome).toBe('executing-late')
    expect(a.text).toContain('the quote expected it to finish in 45s')
    expect(answer({ receipt: executing, now: Date.parse('2026-11-20T10:08:00.000Z'), expectation: e }).outcome).toBe('executing-on-time')
  })

  it('failed and refunded: gives the reason, the refund amount, recipient and transaction', () => {
    const receipt: IntentReceipt = {
      status: 'REFUNDED',
      summary,
      depositTransaction: deposit,
      originTransaction: { chainId: 42161, statusReason: 'insufficient liquidity' },
      refundTransaction: { chainId: 42161, tokenAddress: USDC_ARB, tokenAmount: '1234567890123', toAddress: '0xowner', txnHash: '0xref', txnMinedAt: '2026-11-20T10:09:00.000Z' },
    }
    const a = answer({ receipt })
    expect(a.outcome).toBe('refunded')
    expect(a.text).toBe(
      'The transfer of 1,234,567.890123 USDC from Arbitrum One to Base could not be completed because of "insufficient liquidity". ' +
        'The funds were returned: 1,234,567.890123 USDC went back to 0xowner on Arbitrum One (transaction 0xref). ' +
        'Nothing more needs to happen; you can start the transfer again whenever you like.',
    )
  })

  it('failed with funds recoverable: lists every non-zero balance with its USD value, not the zero ones', () => {
    const receipt: IntentReceipt = { status: 'FAILED', summary, depositTransaction: deposit, originTransaction: { statusReason: 'bridge reverted' } }
    // Valued at the profile's one price source (here $0.999 per USDC), not at the balance's own USD figure.
    const prices = new Map([[priceKey(42161, USDC_ARB), { usd: 0.999, from: 'service' as const, at: NOW - 60_000 }]])
    const a = answer({ receipt, balances: [recoverableBalance], prices })
    expect(a.outcome).toBe('recoverable')
    expect(a.text).toContain('failed because of "bridge reverted".')
    expect(a.text).toContain('Your funds are safe but were not returned automatically: 1,234,567.890123 USDC ($1,233,333.32) at 0xorigin on Arbitrum One.')
    expect(heldValue({ balances: [recoverableBalance], tokenOf: makeTokenLookup(intent, receipt, new Map()), prices })).toMatchObject({ priced: 1, unpriced: [] })
    // With no price known, no dollar figure at all (the balance's own $1,234,567.89 is not used).
    expect(answer({ receipt, balances: [recoverableBalance] }).text).toContain('1,234,567.890123 USDC at 0xorigin')
    expect(a.text).not.toContain('DUST')
    expect(a.text).toContain('can be recovered')
  })

  it('failed with nothing known about the funds: says so and promises a follow-up', () => {
    const receipt: IntentReceipt = { status: 'FAILED', summary, depositTransaction: deposit, originTransaction: { statusReason: 'bridge reverted' } }
    const a = answer({ receipt, balances: [] })
    expect(a.outcome).toBe('failed')
    expect(a.text).toContain('no refund and no balance left')
  })

  it('aborted before execution: no funds were taken', () => {
    const receipt: IntentReceipt = { status: 'ABORTED', summary, originTransaction: { statusReason: 'commit window elapsed' } }
    const a = answer({ receipt })
    expect(a.outcome).toBe('aborted')
    expect(a.text).toBe(
      'The transfer of 1,234,567.890123 USDC from Arbitrum One to Base was stopped before it ran because of "commit window elapsed". ' +
        'No funds were taken: they are still in your wallet. Nothing more will happen with this transfer; request a new quote to try again.',
    )
  })

  it('aborted after a deposit with a balance left: the recoverable story wins', () => {
    const receipt: IntentReceipt = { status: 'ABORTED', summary, depositTransaction: deposit }
    const a = answer({ receipt, balances: [recoverableBalance] })
    expect(a.outcome).toBe('recoverable')
    expect(a.text).toContain('was stopped.')
  })

  it('expired quote: the quote lapsed and the funds never moved', () => {
    const a = answer({ status: 'QUOTED' })
    expect(a.outcome).toBe('expired-quote')
    expect(a.text).toBe(
      'The quote for the transfer of 1234567890123 base units of ' +
        `${USDC_ARB} from Arbitrum One to Base expired on 2026-11-20 10:10 UTC before it was used. ` +
        'No funds were moved: they are still in your wallet. Request a new quote to make the transfer.',
    )
  })

  it('a quote still open is awaiting its deposit, with the deadline', () => {
    const a = answer({ status: 'COMMITTED', now: Date.parse('2026-11-20T10:05:00.000Z') })
    expect(a.outcome).toBe('awaiting')
    expect(a.text).toContain('was committed but has not started yet.')
    expect(a.text).toContain('before 2026-11-20 10:10 UTC')
  })

  it('invalid: rejected, nothing moved', () => {
    const receipt: IntentReceipt = { status: 'INVALID', summary, originTransaction: { statusReason: 'unsupported token' } }
    const a = answer({ receipt })
    expect(a.outcome).toBe('invalid')
    expect(a.text).toContain('rejected the transfer of 1,234,567.890123 USDC from Arbitrum One to Base as invalid because of "unsupported token".')
    expect(a.text).toContain('No funds were moved by it.')
  })

  it('no status at all: says it cannot tell yet', () => {
    const a = customerAnswer({ chains, tokenOf: () => undefined, now: NOW })
    expect(a.outcome).toBe('unknown')
    expect(a.text).toContain('has not reported a status')
  })
})
