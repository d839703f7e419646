import { describe, expect, it } from 'vitest'
import {
  ChainInfoSchema,
  CommitIntentRequestSchema,
  GetIntentHistoryRequestSchema,
  IntentReceiptSchema,
  IntentSchema,
  QuoteIntentRequestSchema,
  SearchIntentsRequestSchema,
  YieldGetMarketsRequestSchema,
  isFinalStatus,
} from '../service'

const wireIntent = {
  id: 7,
  projectId: 1,
  intentId: '0xabc',
  ownerAddress: '0x1111111111111111111111111111111111111111',
  originChainId: 8453,
  salt: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
  depositTransaction: { amount: '1234567890123456789012', value: 0, decimals: 18, chainId: '8453' },
  quote: { fromAmount: 1500000, fromAmountUsd: '1.5', routeProviders: ['CCTP'], maxSlippage: 0.005 },
  fees: { totalFeeAmount: 12, totalFeeUsd: 0.01, originGas: { totalFeeUsd: '0.002', gasPrice: '1000000000' } },
  originCalls: { chainId: 8453, calls: [{ to: '0x2', value: 0, gasLimit: 21000 }], space: '12345678901234567890', nonce: 0 },
  somethingNew: { kept: true },
}

describe('IntentSchema', () => {
  it('normalises amounts to decimal strings and ids to numbers, keeping unknown fields', () => {
    const intent = IntentSchema.parse(wireIntent)
    expect(intent.depositTransaction?.amount).toBe('1234567890123456789012')
    expect(intent.depositTransaction?.chainId).toBe(8453)
    expect(intent.quote?.fromAmount).toBe('1500000')
    expect(intent.quote?.fromAmountUsd).toBe(1.5)
    // The spec types this USD value as a string: kept exactly as sent.
    expect(intent.fees?.originGas?.totalFeeUsd).toBe('0.002')
    expect(intent.originCalls?.calls?.[0].gasLimit).toBe('21000')
    expect(intent.originCalls?.space).toBe('12345678901234567890')
    expect(intent.somethingNew).toEqual({ kept: true })
  })

  it('leaves status absent when the service does not send it, keeps one it does not know, and validates its type', () => {
    expect(IntentSchema.parse({ intentId: 'x' }).status).toBeUndefined()
    expect('status' in IntentSchema.parse({ intentId: 'x' })).toBe(false)
    expect(IntentSchema.parse({ intentId: 'x', status: 'EXECUTING' }).status).toBe('EXECUTING')
    // Enums grow: a newer service's status is kept as sent, for the UI to show as unknown.
    expect(IntentSchema.parse({ intentId: 'x', status: 'DONE' }).status).toBe('DONE')
    const bad = IntentSchema.safeParse({ intentId: 'x', status: 42 })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].path).toEqual(['status'])
  })

  it('parses its own output to the same value (the renderer sends intents back to commit)', () => {
    const once = IntentSchema.parse(wireIntent)
    expect(IntentSchema.parse(once)).toEqual(once)
    expect(CommitIntentRequestSchema.parse({ intent: once }).intent).toEqual(once)
  })

  it('names the field path of a wrong type', () => {
    const bad = IntentSchema.safeParse({ ...wireIntent, quote: { fromAmount: 'lots' } })
    expect(bad.error?.issues[0].path).toEqual(['quote', 'fromAmount'])
  })
})

describe('IntentReceiptSchema', () => {
  it('accepts the receipt with or without status and with null legs', () => {
    const r = IntentReceiptSchema.parse({
      id: 1,
      intentId: 'x',
      originTransaction: { tokenAmount: '99999999999999999999', statusReason: 'slippage' },
      refundTransaction: null,
    })
    expect(r.status).toBeUndefined()
    expect(r.originTransaction?.tokenAmount).toBe('99999999999999999999')
    expect(r.refundTransaction).toBeUndefined()
  })
})

describe('ChainInfoSchema', () => {
  const expected = {
    id: 8453,
    name: 'Base',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    logoUri: 'https://x/8453.svg',
    blockExplorer: { name: 'BaseScan', url: 'https://basescan.org' },
  }

  it('reads the response-shape form', () => {
    expect(ChainInfoSchema.parse(expected)).toEqual(expected)
  })

  it('folds the prose form into the same shape', () => {
    const prose = ChainInfoSchema.parse({
      id: 8453,
      name: 'Base',
      tokenName: 'Ether',
      tokenSymbol: 'ETH',
      tokenDecimals: 18,
      logoUri: 'https://x/8453.svg',
      blockExplorerUrl: 'https://basescan.org',
      isTestnet: false,
      supportsBridging: true,
    })
    expect(prose).toEqual({
      ...expected,
      blockExplorer: { url: 'https://basescan.org' },
      isTestnet: false,
      supportsBridging: true,
    })
    expect(ChainInfoSchema.parse(prose)).toEqual(prose)
  })

  it('reports a chain without any native currency at nativeCurrency', () => {
    const bad = ChainInfoSchema.safeParse({ id: 1, name: 'X', tokenSymbol: 'ETH' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].path[0]).toBe('nativeCurrency')
  })
})

describe('request schemas', () => {
  it('SearchIntents needs at least one filter', () => {
    const empty = SearchIntentsRequestSchema.safeParse({})
    expect(empty.success).toBe(false)
    expect(empty.error?.issues[0].message).toMatch(/at least one search filter/)
    expect(SearchIntentsRequestSchema.safeParse({ byOwnerAddress: '0x1' }).success).toBe(true)
    expect(SearchIntentsRequestSchema.safeParse({ byOwnerAddress: '0x1', bogus: 1 }).success).toBe(false)
  })

  it('GetIntentHistory checks page size, statuses and protocol', () => {
    expect(GetIntentHistoryRequestSchema.safeParse({ page: { pageSize: 0 } }).success).toBe(false)
    expect(GetIntentHistoryRequestSchema.safeParse({ byStatuses: ['DONE'] }).success).toBe(false)
    expect(GetIntentHistoryRequestSchema.safeParse({ byIntentProtocol: 'v2' }).success).toBe(false)
    expect(
      GetIntentHistoryRequestSchema.safeParse({ page: { pageSize: 20, after: 40, more: true }, byStatuses: ['FAILED'] })
        .success,
    ).toBe(true)
  })

  it('QuoteIntent needs the route and an amount, and nothing unknown', () => {
    const route = { ownerAddress: '0x1', originChainId: 8453, originTokenAddress: '0x2', destinationChainId: 10, destinationTokenAddress: '0x3' }
    expect(QuoteIntentRequestSchema.parse({ ...route, originTokenAmount: 1000 }).originTokenAmount).toBe('1000')
    expect(QuoteIntentRequestSchema.safeParse(route).error?.issues[0].path).toEqual(['originTokenAmount'])
    expect(QuoteIntentRequestSchema.safeParse({ ...route, originTokenAmount: '1', extra: 1 }).success).toBe(false)
  })

  it('YieldGetMarkets sends the chain id as a string', () => {
    expect(YieldGetMarketsRequestSchema.parse({ chainId: 8453 }).chainId).toBe('8453')
    expect(YieldGetMarketsRequestSchema.safeParse({ type: 'staking' }).success).toBe(false)
  })
})

it('status helpers follow the spec: ABORTED and REFUNDED are final too', () => {
  expect(isFinalStatus('REFUNDED')).toBe(true)
  expect(isFinalStatus(undefined)).toBe(false)
})
