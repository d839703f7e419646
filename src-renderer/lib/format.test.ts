import { afterEach, describe, expect, it } from 'vitest'
import { countOf, formatAge, formatAmount, formatClock, formatDateTime, formatDecimalFit, formatDecimalShort, formatDuration, formatUnitsExact, formatUsd, isZeroAmount, parseTime, setShowUtc, shortHex, yesNo, zoneName } from './format'

describe('amount formatting', () => {
  it('keeps every digit of amounts beyond 2^53', () => {
    expect(formatUnitsExact('1234567890123456789012', 0)).toBe('1234567890123456789012')
    expect(formatUnitsExact('1234567890123456789012', 18)).toBe('1234.567890123456789012')
    expect(formatAmount('1234567890123456789012', 0)).toBe('1,234,567,890,123,456,789,012')
  })

  it('places the decimal point by token decimals', () => {
    expect(formatUnitsExact('1500000', 6)).toBe('1.5')
    expect(formatUnitsExact('5', 6)).toBe('0.000005')
    expect(formatUnitsExact('0', 18)).toBe('0')
    expect(formatUnitsExact('-2500', 3)).toBe('-2.5')
    expect(formatUnitsExact('1.25', 6)).toBe('1.25')
  })

  it('marks a shortened fraction', () => {
    expect(formatDecimalShort('1234.567890123', 4)).toBe('1,234.5678…')
    expect(formatDecimalShort('1234.5', 4)).toBe('1,234.5')
  })
})

describe('other formats', () => {
  it('shortens hex in the middle', () => expect(shortHex('0x' + 'ab'.repeat(20))).toBe('0xabab…abab'))
  it('reads ISO and epoch times', () => {
    expect(parseTime('2026-11-20T10:00:00.000Z')).toBe(Date.UTC(2026, 10, 20, 10))
    expect(parseTime('1700000000')).toBe(1_700_000_000_000)
    expect(parseTime('nonsense')).toBeUndefined()
  })
  it('formats durations and ages', () => {
    expect(formatDuration(850)).toBe('850 ms')
    expect(formatDuration(187_000)).toBe('3m 07s')
    expect(formatDuration(3_720_000)).toBe('1h 02m')
    expect(formatAge(0, 3 * 86_400_000)).toBe('3 days ago')
    expect(formatAge(10_000, 0)).toBe('just now')
  })
})

describe('formatUsd of very large figures', () => {
  it('shows a computed figure past a double’s cents rounded to 6 digits and marked ≈, never with float noise', () => {
    // 30-digit amounts times a price: the float's last digits are noise.
    const volume = 499_993_983_828_796_430_000_000
    expect(formatUsd(volume)).toBe('≈ $499,994,000,000,000,000,000,000')
    expect(formatUsd(12_345_678_901_234.56)).toBe('≈ $12,345,700,000,000')
    expect(formatUsd(9_999_999_999.99)).toBe('$9,999,999,999.99')
  })

  it('shows decimal text the service sent exactly, rounded half up to cents with integers', () => {
    expect(formatUsd('499993983828796431234567.125')).toBe('$499,993,983,828,796,431,234,567.13')
    expect(formatUsd('12345678901234567')).toBe('$12,345,678,901,234,567.00')
    expect(formatUsd('-12345678901234567.994')).toBe('-$12,345,678,901,234,567.99')
  })
})

describe('formatUsd and countOf (small things that read wrong)', () => {
  it('never shows a negative zero', () => {
    expect(formatUsd(-0.001)).toBe('$0.00')
    expect(formatUsd('-0.004')).toBe('$0.00')
    expect(formatUsd(-0.01)).toBe('-$0.01')
  })

  it('puts the noun in the right number', () => {
    expect(countOf(1, 'wallet')).toBe('1 wallet')
    expect(countOf(1200, 'wallet')).toBe('1,200 wallets')
    expect(countOf(0, 'entry', 'entries')).toBe('0 entries')
  })
})

describe('formatDateTime and the shown zone', () => {
  afterEach(() => setShowUtc(false))

  it('names the zone it shows, and shows UTC when asked', () => {
    setShowUtc(true)
    expect(formatDateTime('2026-11-25T11:48:03.120Z')).toBe('2026-11-25 11:48:03 UTC')
    expect(formatDateTime(Date.parse('2026-11-25T23:59:59Z'), false)).toBe('2026-11-25 23:59:59')
    expect(zoneName()).toBe('UTC')
    expect(formatDateTime(undefined)).toBe('—')
    expect(formatClock(Date.parse('2026-11-25T09:05:07Z'))).toBe('09:05:07')
  })

  it('shows local time with the local zone name otherwise', () => {
    const t = Date.parse('2026-11-25T11:48:03Z')
    const d = new Date(t)
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:03`
    expect(formatDateTime(t)).toBe(`${local} ${zoneName(t)}`)
    expect(zoneName(t)).not.toBe('')
  })
})

describe('formatDecimalFit', () => {
  it('cuts the fraction to the room a narrow cell has, never the whole part, and marks the cut', () => {
    expect(formatDecimalFit('17888.693544', 13)).toBe('17,888.693544')
    expect(formatDecimalFit('17.298329001733203547', 13)).toBe('17.2983290017…')
    expect(formatDecimalFit('12345678901.5', 13)).toBe('12,345,678,901…')
    expect(formatDecimalFit('34.5', 13)).toBe('34.5')
  })

  it('keeps two significant digits of a small amount, and leaves what is not a decimal alone', () => {
    expect(formatDecimalFit('0.000000000123456', 8)).toBe('0.00000000012…')
    expect(formatDecimalFit('0.000', 4)).toBe('0.00…')
    expect(formatDecimalFit('-0.5', 13)).toBe('-0.5')
    expect(formatDecimalFit('n/a', 13)).toBe('n/a')
  })
})


describe('flags and zero amounts', () => {
  it('shows a flag as Yes or No, and an unreported one as the caller says', () => {
    expect([yesNo(true), yesNo(false), yesNo(undefined), yesNo(undefined, '')]).toEqual(['Yes', 'No', '—', ''])
  })
  it('counts only an absent or all-zero amount as zero', () => {
    expect(['0', '000', '0.000', '-0', undefined].map(isZeroAmount)).toEqual([true, true, true, true, true])
    expect(['1', '0.001', '10', '-5'].map(isZeroAmount)).toEqual([false, false, false, false])
  })
})
