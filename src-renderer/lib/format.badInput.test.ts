import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { formatAmount, formatDateTime, formatDecimalShort, formatDuration, formatUnitsExact, formatUsd, parseTime, setShowUtc, shortHex, timeParts } from './format'

/**
 * The formatters meet whatever a cached or imported record holds, which the service's
 * bounds never checked (old caches, edited files): they return text, quickly, and never
 * throw. Issue 29: one `decimals: 1e15` threw "Invalid string length" and blanked the app.
 */

const TEN_MB_DIGITS = '1' + '0'.repeat(10 * 1024 * 1024)

describe('amount formatting of hostile values', () => {
  it('leaves base units as they are when the decimals cannot be placed', () => {
    for (const decimals of [1e15, 256, -3, 1.5, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER]) {
      expect(formatUnitsExact('1500000', decimals), String(decimals)).toBe('1500000')
      expect(formatAmount('1500000', decimals), String(decimals)).toBe('1,500,000')
    }
    // Wrong types from a cache: text, not a crash.
    expect(formatUnitsExact('1500000', '6' as unknown as number)).toBe('1500000')
    expect(formatUnitsExact(1500000 as unknown as string, 6)).toBe('1500000')
    expect(formatAmount({} as unknown as string, 6)).toBe('[object Object]')
    // The largest decimals a token can have still places the point.
    expect(formatUnitsExact('1', 255)).toBe(`0.${'0'.repeat(254)}1`)
  })

  it('formats a 10 MB amount in well under a second, without grouping megabytes of digits', () => {
    const started = performance.now()
    const shown = formatAmount(TEN_MB_DIGITS, 18)
    const exact = formatUnitsExact(TEN_MB_DIGITS, 18)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(shown.length).toBeLessThan(64)
    expect(shown).toBe(`1${'0'.repeat(15)}… (10,485,761 characters)`)
    expect(exact).toBe(TEN_MB_DIGITS)
    expect(formatDecimalShort(`0.${'0'.repeat(5_000_000)}1`).length).toBeLessThan(64)
  })

  it('never throws, whatever the raw value and decimals', () => {
    const anyValue = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.stringMatching(/^-?\d{1,300}$/),
      fc.double(),
      fc.integer(),
      fc.constantFrom(1e15, 1e308, -1, 256, NaN, Infinity, null, undefined, {}, []),
    )
    fc.assert(
      fc.property(anyValue, anyValue, (raw, decimals) => {
        expect(typeof formatAmount(raw as string, decimals as number)).toBe('string')
        expect(typeof formatUnitsExact(raw as string, decimals as number)).toBe('string')
      }),
      { numRuns: 500 },
    )
  })
})

describe('date formatting of hostile values', () => {
  afterEach(() => setShowUtc(false))

  it('shows what no Date can hold as the text it was, not an exception', () => {
    for (const value of [NaN, 1e300, -1e300, Infinity, 8.64e15 + 1]) {
      expect(parseTime(value)).toBeUndefined()
      expect(() => formatDateTime(value)).not.toThrow()
    }
    expect(formatDateTime({} as unknown as string)).toBe('[object Object]')
    expect(formatDateTime('x'.repeat(1_000_000)).length).toBeLessThanOrEqual(64)
  })

  it('shows a far-future date as it is', () => {
    setShowUtc(true)
    expect(formatDateTime('9999-12-31T00:00:00Z')).toBe('9999-12-31 00:00:00 UTC')
    expect(timeParts(parseTime(8.64e15)!).year).toBe(275760)
  })

  it('other formatters take any value', () => {
    expect(shortHex(42 as unknown as string)).toBe('42')
    expect(formatDuration(1e300)).toMatch(/d/)
    expect(formatUsd('1e400')).toBe('1e400')
  })
})
