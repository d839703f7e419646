import fc from 'fast-check'
import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { parseJsonLossless } from '../../src-shared/contract/losslessJson'
import {
  amount,
  bigUint,
  CommitIntentRequestSchema,
  decimalText,
  GetIntentHistoryRequestSchema,
  IntentSchema,
  list,
  obj,
  opt,
  QuoteIntentRequestSchema,
  WaitIntentReceiptRequestSchema,
  YieldGetMarketsRequestSchema,
  type Intent,
} from '../../src-shared/contract/service'
import { encodeWire } from './wireEncode'

const MAX_UINT256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935'
const BIG = '1234567890123456789012'

const commit = (intent: unknown) => encodeWire(CommitIntentRequestSchema, CommitIntentRequestSchema.parse({ intent }))

describe('encodeWire', () => {
  it('writes request amounts as bare literals and everything else as JSON.stringify does', () => {
    const parsed = QuoteIntentRequestSchema.parse({
      ownerAddress: '0x00000000000000000000000000000000000000aa',
      originChainId: 8453,
      originTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      destinationChainId: 42161,
      destinationTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      destinationCallData: '0x12345678901234567890',
      destinationCallValue: '0',
      originTokenAmount: BIG,
      options: { slippageTolerance: 0.005, swapProviderFallback: true },
    })
    expect(encodeWire(QuoteIntentRequestSchema, parsed)).toBe(
      JSON.stringify(parsed)
        .replace(`"originTokenAmount":"${BIG}"`, `"originTokenAmount":${BIG}`)
        .replace('"destinationCallValue":"0"', '"destinationCallValue":0'),
    )
  })

  it('reaches amounts through nested objects and arrays of calls, and leaves decimal text the spec types as a string alone', () => {
    const text = commit({
      intentId: '12345678901234567890',
      serviceVersion: '1.5',
      originChainId: 8453,
      salt: MAX_UINT256,
      originCalls: {
        chainId: 8453,
        calls: [
          { to: '0x01', value: '0', data: '0x', gasLimit: '21000', behaviorOnError: 1 },
          { to: '0x02', value: BIG, onlyFallback: true },
        ],
        space: '18446744073709551616',
        nonce: '7',
      },
      destinationCalls: { chainId: 42161, calls: [] },
      quote: { fromAmount: BIG, fromAmountUsd: 1.25, routeProvidersFeeUsd: [0.5, 2], estimatedDuration: 30 },
      fees: {
        originGas: { totalGasLimit: '90000', totalFeeUsd: '0.001230', nativeTokenPriceUsd: 3000.5 },
        totalFeeAmount: '1.5',
        totalFeeUsd: 0.75,
      },
    })
    expect(text).toContain(`"salt":${MAX_UINT256}`)
    expect(text).toContain(`"calls":[{"to":"0x01","value":0,"data":"0x","gasLimit":21000,"behaviorOnError":1},{"to":"0x02","value":${BIG},"onlyFallback":true}]`)
    expect(text).toContain('"space":18446744073709551616,"nonce":7')
    expect(text).toContain(`"fromAmount":${BIG}`)
    expect(text).toContain('"totalFeeAmount":1.5')
    expect(text).toContain('"totalFeeUsd":"0.001230"')
    expect(JSON.parse(text)).toEqual({
      intent: {
        intentId: '12345678901234567890',
        serviceVersion: '1.5',
        originChainId: 8453,
        salt: Number(MAX_UINT256),
        originCalls: {
          chainId: 8453,
          calls: [
            { to: '0x01', value: 0, data: '0x', gasLimit: 21000, behaviorOnError: 1 },
            { to: '0x02', value: Number(BIG), onlyFallback: true },
          ],
          space: 18446744073709551616,
          nonce: 7,
        },
        destinationCalls: { chainId: 42161, calls: [] },
        quote: { fromAmount: Number(BIG), fromAmountUsd: 1.25, routeProvidersFeeUsd: [0.5, 2], estimatedDuration: 30 },
        fees: {
          originGas: { totalGasLimit: 90000, totalFeeUsd: '0.001230', nativeTokenPriceUsd: 3000.5 },
          totalFeeAmount: 1.5,
          totalFeeUsd: 0.75,
        },
      },
    })
  })

  it('writes decimal amounts digit for digit, huge ones included, dropping only leading zeros', () => {
    const literalOf = (fromAmount: string) => {
      const text = commit({ quote: { fromAmount } })
      return text.slice(text.indexOf(':', text.indexOf('fromAmount')) + 1, -3)
    }
    expect(literalOf('0.000000000000000000000000000001')).toBe('0.000000000000000000000000000001')
    expect(literalOf('-12.50')).toBe('-12.50')
    expect(literalOf('9'.repeat(200))).toBe('9'.repeat(200))
    // Past 200 digits an amount is refused, not expanded (issue 29: no value may cost megabytes to format).
    expect(() => literalOf('9'.repeat(201))).toThrow(/201 digits/)
    expect(literalOf('007')).toBe('7')
    expect(literalOf('-00.5')).toBe('-0.5')
    expect(literalOf('1e21')).toBe('1000000000000000000000')
  })

  it('leaves out absent and null optional fields, as JSON.stringify does', () => {
    const text = commit({ intentId: 'a', quote: null, fees: undefined, originCalls: { calls: null, space: null, chainId: 1 } })
    expect(text).toBe('{"intent":{"intentId":"a","originCalls":{"chainId":1}}}')
  })

  it('keeps fields the schema does not know verbatim, amount-like names and numeric strings included', () => {
    const extra = { amount: '5', nested: { value: BIG, list: [{ gasLimit: '1' }] }, n: 12, nil: null, s: 'x"\\\u0000' }
    const text = commit({ intentId: 'a', extra, quote: { fromAmount: '2', toAmountUsdText: '3.5' } })
    expect(JSON.parse(text)).toEqual({ intent: { intentId: 'a', quote: { fromAmount: 2, toAmountUsdText: '3.5' }, extra } })
  })

  it('is JSON.stringify for requests without amounts, numeric-looking strings included', () => {
    const cases = [
      [WaitIntentReceiptRequestSchema, { intentId: '12345678901234567890', lastReceiptStates: [{ amount: BIG }, '1.5', 2] }],
      [GetIntentHistoryRequestSchema, { page: { pageSize: 10, cursor: '98765432109876543210' }, byStatuses: ['QUOTED'] }],
      [YieldGetMarketsRequestSchema, { chainId: 8453, limit: 5 }],
    ] as const
    for (const [schema, request] of cases) {
      const parsed = schema.parse(request)
      expect(encodeWire(schema, parsed)).toBe(JSON.stringify(parsed))
    }
    expect(encodeWire(YieldGetMarketsRequestSchema, YieldGetMarketsRequestSchema.parse({ chainId: 8453 }))).toBe('{"chainId":"8453"}')
  })

  it('writes page cursors as bare uint64 digits in every big-integer form', () => {
    const request = GetIntentHistoryRequestSchema.parse({ page: { after: '18446744073709551557', pageSize: 10 } })
    for (const bigInts of ['number', 'string'] as const) {
      expect(encodeWire(GetIntentHistoryRequestSchema, request, { bigInts })).toBe('{"page":{"after":18446744073709551557,"pageSize":10}}')
    }
  })

  it('writes amounts as decimal strings in the string form, renaming keys everywhere', () => {
    const renames = new Map([['serviceVersion', 'acmeVersion'], ['fromAmount', 'fromAmountX']])
    const parsed = CommitIntentRequestSchema.parse({ intent: { intentId: 'a', serviceVersion: 'v', quote: { fromAmount: BIG }, extra: { serviceVersion: 1 } } })
    const out = encodeWire(CommitIntentRequestSchema, parsed, { bigInts: 'string', renames })
    expect(JSON.parse(out)).toEqual({ intent: { intentId: 'a', acmeVersion: 'v', quote: { fromAmountX: BIG }, extra: { acmeVersion: 1 } } })
  })

  it('finds amounts through every wrapper and refinement a schema may put around them', () => {
    const schema = obj({
      refined: amount.refine((a) => a !== '0').optional(),
      described: opt(bigUint.describe('a permit deadline')),
      defaulted: z.array(bigUint).default([]).readonly(),
      piped: z.union([z.number(), z.string()]).pipe(amount).nullable(),
      caught: list(obj({ v: amount })).catch([]),
      text: opt(decimalText),
    })
    const parsed = schema.parse({ refined: '5', described: '6', defaulted: ['7', '8'], piped: '9.5', caught: [{ v: '10' }], text: '11.0' })
    expect(encodeWire(schema, parsed)).toBe(
      '{"refined":5,"described":6,"defaulted":[7,8],"piped":9.5,"caught":[{"v":10}],"text":"11.0"}',
    )
  })

  it('writes values the schema would not have produced as JSON.stringify would, so the text stays valid JSON', () => {
    const odd = { intent: { salt: 'not a number', quote: 'text', originCalls: { calls: { 0: 'x' } }, fees: [1] } }
    expect(encodeWire(CommitIntentRequestSchema, odd)).toBe(JSON.stringify(odd))
    expect(encodeWire(CommitIntentRequestSchema, { intent: { quote: { fromAmount: 7 } } })).toBe('{"intent":{"quote":{"fromAmount":7}}}')
  })
})

describe('encodeWire round trip', () => {
  /** A number literal to write as it is, so the wire text can carry any number of digits. */
  class Bare {
    constructor(readonly text: string) {}
  }
  const wireText = (v: unknown): string => {
    if (v instanceof Bare) return v.text
    if (Array.isArray(v)) return `[${v.map(wireText).join(',')}]`
    if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${wireText(x)}`).join(',')}}`
    return JSON.stringify(v)
  }

  const digits = fc.bigInt({ min: 0n, max: 2n ** 256n }).map(String)
  const integerAmount = fc.tuple(fc.boolean(), digits).map(([neg, d]) => new Bare(neg && d !== '0' ? `-${d}` : d))
  // Canonical literals only: a short one with a trailing zero would come back without it.
  const fraction = fc.tuple(fc.nat(20), fc.bigInt({ min: 1n, max: 10n ** 30n }).map(String)).map(([zeros, d]) => '0'.repeat(zeros) + d.replace(/0+$/, ''))
  const decimalAmount = fc.tuple(digits, fraction).map(([i, f]) => new Bare(`${i}.${f}`))
  const amountLit = fc.oneof(integerAmount, decimalAmount)
  const uintLit = digits.map((d) => new Bare(d))
  const usd = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e30, max: 1e30 })
  const decimalTextLit = fc.tuple(digits, fraction).map(([i, f]) => `${i}.${f}0`)
  const numericText = fc.oneof(digits, fc.constant('1.5'), fc.string())
  const hex = fc.stringMatching(/^0x[0-9a-f]{0,40}$/)
  const unknownFields = fc.dictionary(
    fc.string().map((k) => `x-${k}`),
    fc.jsonValue(),
    { maxKeys: 3 },
  )
  const withUnknown = <T extends object>(known: fc.Arbitrary<T>) => fc.tuple(known, unknownFields).map(([k, u]) => ({ ...u, ...k }))

  const call = withUnknown(
    fc.record(
      { to: hex, value: amountLit, data: hex, gasLimit: amountLit, delegateCall: fc.boolean(), behaviorOnError: fc.nat(2) },
      { requiredKeys: [] },
    ),
  )
  const calls = fc.record({ chainId: fc.nat(100_000), calls: fc.array(call, { maxLength: 4 }), space: uintLit, nonce: uintLit }, { requiredKeys: [] })
  const gasFee = fc.record(
    { chainId: fc.nat(), totalGasLimit: amountLit, gasPrice: amountLit, totalFeeAmount: amountLit, totalFeeUsd: decimalTextLit, nativeTokenPriceUsd: usd },
    { requiredKeys: [] },
  )
  const wireIntent = withUnknown(
    fc.record(
      {
        id: fc.nat(),
        // Ids are plain ASCII (a look-alike character is refused).
        intentId: fc.oneof(digits, fc.stringMatching(/^[\x21-\x7e]*$/)),
        status: fc.constantFrom('QUOTED', 'COMMITTED'),
        serviceVersion: numericText,
        salt: uintLit,
        originCalls: calls,
        destinationCalls: calls,
        quote: fc.record(
          { fromAmount: amountLit, toAmountMin: amountLit, fromAmountUsd: usd, routeProvidersFeeUsd: fc.array(usd, { maxLength: 3 }), estimatedDuration: usd },
          { requiredKeys: [] },
        ),
        fees: fc.record({ originGas: gasFee, destinationGas: gasFee, feeTokenAmount: amountLit, totalFeeUsd: usd }, { requiredKeys: [] }),
        depositTransaction: fc.record({ amount: amountLit, value: amountLit, decimals: fc.nat(36), to: hex }, { requiredKeys: [] }),
        // Times inside the window the schema believes (2009 to ten years from now).
        expiresAt: fc.date({ min: new Date('2009-01-02'), max: new Date('2035-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
      },
      { requiredKeys: [] },
    ),
  )

  const normalise = (text: string): Intent => IntentSchema.parse(parseJsonLossless(text))

  it('sends a quoted intent back as the service wrote it: same literals, same normalised value', () => {
    fc.assert(
      fc.property(wireIntent, (wire) => {
        const text = wireText(wire)
        const intent = normalise(text)
        const sent = encodeWire(CommitIntentRequestSchema, CommitIntentRequestSchema.parse({ intent }))
        expect(parseJsonLossless(sent)).toEqual({ intent: parseJsonLossless(text) })
        expect(CommitIntentRequestSchema.parse(parseJsonLossless(sent)).intent).toEqual(intent)
      }),
      { numRuns: 300 },
    )
  })
})
