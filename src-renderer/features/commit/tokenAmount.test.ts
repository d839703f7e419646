// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { formatUnitsExact } from '../../lib/format'
import { parseTokenAmount } from './tokenAmount'

const ok = (raw: string) => ({ ok: true, raw })
const refused = (message: RegExp) => ({ ok: false, message: expect.stringMatching(message) })

describe('parseTokenAmount', () => {
  it('converts token units to base units exactly, whatever the decimals', () => {
    expect(parseTokenAmount('24.93959', 6, 'USDC')).toEqual(ok('24939590'))
    expect(parseTokenAmount('25', 6, 'USDC')).toEqual(ok('25000000'))
    expect(parseTokenAmount('.5', 6, 'USDC')).toEqual(ok('500000'))
    expect(parseTokenAmount('7.', 8, 'WBTC')).toEqual(ok('700000000'))
    // 0.1 + 0.2 territory: a float would not give these digits back.
    expect(parseTokenAmount('0.300000000000000001', 18, 'WETH')).toEqual(ok('300000000000000001'))
    expect(parseTokenAmount('123456789012345678901234.123456789012345678', 18, 'DAI')).toEqual(ok('123456789012345678901234123456789012345678'))
    expect(parseTokenAmount(' 3 ', 0, 'PTS')).toEqual(ok('3'))
  })

  it('refuses more decimals than the token has', () => {
    expect(parseTokenAmount('1.0000001', 6, 'USDC')).toEqual(refused(/USDC has 6 decimals: at most 6 digits after the point/))
    expect(parseTokenAmount('1.5', 0, 'PTS')).toEqual(refused(/no decimals/))
  })

  it("accepts the app's own display form, grouped by thousands", () => {
    expect(parseTokenAmount('1,250.50', 6, 'USDC')).toEqual(ok('1250500000'))
    expect(parseTokenAmount(' 22,226.712833 ', 6, 'USDC')).toEqual(ok('22226712833'))
  })

  it('refuses negative, zero, empty and malformed amounts, saying why', () => {
    expect(parseTokenAmount('-1', 6, 'USDC')).toEqual(refused(/cannot be negative/))
    expect(parseTokenAmount('0', 6, 'USDC')).toEqual(refused(/above 0/))
    expect(parseTokenAmount('0.000000', 6, 'USDC')).toEqual(refused(/above 0/))
    expect(parseTokenAmount('', 6, 'USDC')).toEqual(refused(/Enter the amount to send, in USDC/))
    expect(parseTokenAmount('1,00.5', 6, 'USDC')).toEqual(refused(/commas only between groups of three digits/))
    expect(parseTokenAmount('1.000,5', 6, 'USDC')).toEqual(refused(/commas only between groups of three digits/))
    expect(parseTokenAmount('1e6', 6, 'USDC')).toEqual(refused(/digits with at most one decimal point/))
    expect(parseTokenAmount('1.2.3', 6, 'USDC')).toEqual(refused(/digits with at most one decimal point/))
    expect(parseTokenAmount('.', 6, 'USDC')).toEqual(refused(/digits with at most one decimal point/))
  })

  it('refuses what no token can hold: more than 2^256 - 1 base units, e.g. an 80-digit amount', () => {
    const max = (2n ** 256n - 1n).toString()
    expect(parseTokenAmount(max, 0, 'X')).toEqual(ok(max))
    expect(parseTokenAmount((2n ** 256n).toString(), 0, 'X')).toEqual(refused(/Too large: no token can hold more than/))
    expect(parseTokenAmount('9'.repeat(80), 6, 'USDC')).toEqual(refused(/Too large/))
    expect(parseTokenAmount('1', 78, 'BIG')).toEqual(refused(/Too large/))
  })
})

describe('base units back to token units (formatUnitsExact)', () => {
  it('turns base units back into token units without rounding', () => {
    expect(formatUnitsExact('24939590', 6)).toBe('24.93959')
    expect(formatUnitsExact('1', 18)).toBe('0.000000000000000001')
  })
})
