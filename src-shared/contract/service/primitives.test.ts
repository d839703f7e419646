import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { amount, bigUint, decimalNumber, formatPath, int, list, opt, toDecimalString } from './primitives'

describe('toDecimalString', () => {
  it.each([
    ['1e21', '1000000000000000000000'],
    ['1.5e3', '1500'],
    ['12345e-3', '12.345'],
    ['-2.5E-7', '-0.00000025'],
    ['1.50e1', '15'],
    ['-0e5', '0'],
  ])('writes exponent form %s out as %s', (input, expected) => {
    expect(toDecimalString(input)).toBe(expected)
  })

  it('keeps plain decimal text exactly as sent, so it goes back unmodified', () => {
    for (const plain of ['1234567890123456789012', '0.001230', '1.50', '-7']) expect(toDecimalString(plain)).toBe(plain)
  })

  it('writes numbers without exponent notation', () => {
    expect(toDecimalString(1e-7)).toBe('0.0000001')
    expect(toDecimalString(1e21)).toBe('1000000000000000000000')
    expect(toDecimalString(123456789012345)).toBe('123456789012345')
  })

  it('rejects what is not a decimal number', () => {
    for (const bad of ['', '0x10', '1,000', ' 1', '1.', '.5', 'NaN', '1e999', '--1']) expect(toDecimalString(bad), bad).toBeUndefined()
    expect(toDecimalString(Number.POSITIVE_INFINITY)).toBeUndefined()
  })
})

describe('numeric building blocks', () => {
  it('amount: number or string in, plain decimal string out', () => {
    expect(amount.parse(42)).toBe('42')
    expect(amount.parse(0.000001)).toBe('0.000001')
    expect(amount.parse('1234567890123456789012')).toBe('1234567890123456789012')
    expect(amount.parse(amount.parse('2.5e-3'))).toBe('0.0025')
    expect(amount.safeParse('12 ETH').success).toBe(false)
    expect(amount.safeParse(true).success).toBe(false)
  })

  it('bigUint refuses fractions and negatives', () => {
    expect(bigUint.parse('115792089237316195423570985008687907853269984665640564039457584007913129639935')).toMatch(/^1157/)
    expect(bigUint.safeParse('1.5').success).toBe(false)
    expect(bigUint.safeParse(-1).success).toBe(false)
  })

  it('int accepts numeric strings but refuses values it cannot hold exactly', () => {
    expect(int.parse('9007199254740991')).toBe(9007199254740991)
    const tooBig = int.safeParse('9007199254740993')
    expect(tooBig.success).toBe(false)
    expect(tooBig.error?.issues[0].message).toMatch(/too large/)
    expect(int.safeParse(1.5).success).toBe(false)
  })

  it('decimalNumber reads long decimal text the way JSON.parse would', () => {
    // eslint-disable-next-line no-loss-of-precision -- the literal rounds exactly as JSON.parse rounds the text
    expect(decimalNumber.parse('0.12345678901234567890')).toBe(0.12345678901234567890)
    expect(decimalNumber.safeParse('abc').success).toBe(false)
  })
})

describe('optional and list wrappers', () => {
  const S = z.object({ a: opt(z.string()), b: list(z.number()) })

  it('treats null as absent and a null list as empty', () => {
    const out = S.parse({ a: null, b: null })
    expect(out).toEqual({ a: undefined, b: [] })
    expect(S.parse({ b: [1] })).toEqual({ b: [1] })
  })

  it('still checks the type of a present value', () => {
    expect(S.safeParse({ a: 1, b: [] }).success).toBe(false)
  })
})

it('formatPath writes paths the way a person reads them', () => {
  expect(formatPath(['intents', 3, 'receipt', 'status'])).toBe('intents[3].receipt.status')
  expect(formatPath([0, 'a'])).toBe('[0].a')
  expect(formatPath([])).toBe('')
  // A key that is not a plain word is quoted, so the path cannot be misread.
  expect(formatPath(['fees', 'usd.total', 0])).toBe('fees["usd.total"][0]')
})
