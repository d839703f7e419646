import { describe, expect, it } from 'vitest'
import type { ChainInfo, Intent, IntentReceipt } from '@contract/service'
import { caseSummary } from './caseSummary'
import { makeTokenLookup } from './tokenLookup'

const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const chains = new Map<number, ChainInfo>([
  [1, { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io/' } }],
  [8453, { id: 8453, name: 'Base', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
])

const intent: Intent = {
  intentId: '0xabc',
  status: 'EXECUTING',
  ownerAddress: '0xowner',
  originChainId: 1,
  destinationChainId: 8453,
  originTokenAddress: WETH,
  destinationTokenAddress: USDC_BASE,
  originIntentAddress: '0xorigin',
  quoteRequest: { originTokenAmount: '1234567890123456789012', destinationToAddress: '0xrecipient' },
  depositTransaction: { amount: '1234567890123456789012', decimals: 18, tokenAddress: WETH, chainId: 1 },
  quote: { toAmount: '4100000000', toAmountMin: '4059000000', routeProviders: ['AUTO'] },
  serviceVersion: 'v1_5',
  createdAt: '2026-11-20T10:00:00.000Z',
}

const receipt: IntentReceipt = {
  status: 'FAILED',
  summary: { destinationTokenMetadata: { chainId: 8453, tokenAddress: USDC_BASE, symbol: 'USDC', decimals: 6 }, originTokenMetadata: { chainId: 1, tokenAddress: WETH, symbol: 'WETH', decimals: 18 } },
  depositTransaction: { chainId: 1, tokenAddress: WETH, tokenAmount: '1234567890123456789012', txnHash: '0xdep', txnMinedAt: '2026-11-20T10:00:05.000Z' },
  originTransaction: { chainId: 1, tokenAddress: WETH, tokenAmount: '1234567890123456789012', txnHash: '0xorig', statusReason: 'slippage tolerance exceeded' },
}

const summarise = (over: Partial<Parameters<typeof caseSummary>[0]> = {}) =>
  caseSummary({
    intentId: '0xabc',
    intent,
    receipt,
    status: 'FAILED',
    notes: [{ text: 'User says funds never arrived', createdAt: Date.UTC(2026, 10, 20, 11, 0, 0) }],
    chains,
    tokenOf: makeTokenLookup(intent, receipt, new Map()),
    ...over,
  })

describe('caseSummary', () => {
  it('states id, status with its meaning, and the failure reason first', () => {
    const lines = summarise().split('\n')
    expect(lines[0]).toBe('Intent 0xabc')
    expect(lines[1]).toMatch(/^Status: FAILED \(Failed: /)
    expect(lines[2]).toBe('Failure reason: slippage tolerance exceeded')
  })

  it('gives the route and exact amounts with token symbols', () => {
    const text = summarise()
    expect(text).toContain('Route: Ethereum (chain 1) -> Base (chain 8453)')
    expect(text).toContain('Sent: 1,234.567890123456789012 WETH')
    expect(text).toContain('Quoted to receive: 4,100 USDC')
    expect(text).toContain('Minimum to receive: 4,059 USDC')
    expect(text).toContain('Recipient: 0xrecipient')
  })

  it('lists each transaction with its hash and explorer link when the chain has one', () => {
    const text = summarise()
    expect(text).toContain('  Deposit: done, on Ethereum (chain 1), 1,234.567890123456789012 WETH, mined 2026-11-20T10:00:05.000Z')
    expect(text).toContain('    0xdep https://etherscan.io/tx/0xdep')
    expect(text).toContain('  Origin: failed, on Ethereum (chain 1)')
    expect(text).toContain('    reason: slippage tolerance exceeded')
    expect(text).toContain('  Destination: skipped (not reached)')
  })

  it('includes notes with their times, and the provenance line', () => {
    const text = summarise({ provenance: 'Simulator, fetched 2026-11-20T11:05:00.000Z' })
    expect(text).toContain('Notes:\n  [2026-11-20T11:00:00.000Z] User says funds never arrived')
    expect(text.endsWith('Simulator, fetched 2026-11-20T11:05:00.000Z')).toBe(true)
  })

  it('falls back to base units when decimals are unknown, and omits what is unknown', () => {
    const text = caseSummary({ intentId: '0xdef', notes: [], chains: new Map(), tokenOf: () => undefined, receipt: { originChainId: 5, summary: { quotedOriginTokenAmount: '42', originTokenAddress: '0xtok' } } })
    expect(text).toContain('Status: unknown')
    expect(text).toContain('Route: Chain 5 (chain 5) -> unknown chain')
    expect(text).toContain('Sent: 42 base units of 0xtok')
    expect(text).not.toContain('Failure reason')
    expect(text).not.toContain('Notes:')
  })
})
