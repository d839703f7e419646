import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { JsonTooDeepError, MAX_DEPTH, parseJsonLossless, quoteLongNumbers } from './losslessJson'

describe('parseJsonLossless', () => {
  it('keeps every digit of integers beyond 2^53', () => {
    expect(parseJsonLossless('{"a":1234567890123456789012,"b":[9007199254740993]}')).toEqual({
      a: '1234567890123456789012',
      b: ['9007199254740993'],
    })
  })

  it('keeps short numbers as numbers and quotes from 16 digit characters on', () => {
    expect(parseJsonLossless('[123456789012345,1234567890123456,-123456789012345,-1234567890123456,0.5]')).toEqual([
      123456789012345,
      '1234567890123456',
      -123456789012345,
      '-1234567890123456',
      0.5,
    ])
  })

  it('quotes exponent forms and long fractions as their exact text', () => {
    expect(parseJsonLossless('{"e":1e21,"E":-2.5E-7,"f":0.12345678901234567890}')).toEqual({
      e: '1e21',
      E: '-2.5E-7',
      f: '0.12345678901234567890',
    })
  })

  it('never touches digits inside strings, with escaped quotes and backslashes around them', () => {
    const text = String.raw`{"s":"say \"12345678901234567890\" \\","t":"\\\"","k12345678901234567890":12345678901234567890}`
    expect(parseJsonLossless(text)).toEqual({
      s: 'say "12345678901234567890" \\',
      t: '\\"',
      k12345678901234567890: '12345678901234567890',
    })
  })

  it('leaves text without long numbers unchanged', () => {
    const text = '{"a":[1,2.5,-3,true,null],"b":"12345678901234567890"}'
    expect(quoteLongNumbers(text)).toBe(text)
  })

  it('still rejects malformed JSON', () => {
    for (const bad of [
      '{"a":"unterminated 12345678901234567890',
      '{"a":012345678901234567890}',
      '{"a":1.2.3.4.5.6.7.8.9.0.1.2}',
      '{"a":--12345678901234567890}',
      '{"a":12345678901234567890',
    ]) {
      expect(() => parseJsonLossless(bad), bad).toThrow(SyntaxError)
    }
  })

  it('agrees with JSON.parse on arbitrary JSON, up to long numbers arriving as their text', () => {
    const same = (lossless: unknown, native: unknown): boolean => {
      if (typeof native === 'number' && typeof lossless === 'string') return Number(lossless) === native
      if (Array.isArray(native)) {
        return Array.isArray(lossless) && lossless.length === native.length && native.every((v, i) => same(lossless[i], v))
      }
      if (native && typeof native === 'object') {
        if (!lossless || typeof lossless !== 'object') return false
        const keys = Object.keys(native)
        return (
          keys.length === Object.keys(lossless).length &&
          keys.every((k) => same((lossless as Record<string, unknown>)[k], (native as Record<string, unknown>)[k]))
        )
      }
      return Object.is(lossless, native)
    }
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value)
        return same(parseJsonLossless(text), JSON.parse(text))
      }),
      { numRuns: 500 },
    )
  })

  it('returns integers of any size exactly', () => {
    const bigJson = (entries: [string, bigint | string][]) =>
      `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${typeof v === 'bigint' ? v.toString() : JSON.stringify(v)}`).join(',')}}`
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string(), fc.oneof(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.string()))),
        (entries) => {
          const parsed = parseJsonLossless(bigJson(entries)) as Record<string, unknown>
          const expected = Object.fromEntries(
            entries.map(([k, v]) => {
              if (typeof v !== 'bigint') return [k, v]
              const digits = v.toString().replace('-', '').length
              return [k, digits >= 16 ? v.toString() : Number(v)]
            }),
          )
          expect(parsed).toEqual(expected)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('nesting depth', () => {
  const nested = (depth: number) => `${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`

  it('reads nesting up to the limit and refuses deeper text as a SyntaxError', () => {
    expect(() => parseJsonLossless(nested(MAX_DEPTH))).not.toThrow()
    expect(() => parseJsonLossless(nested(MAX_DEPTH + 2))).toThrow(JsonTooDeepError)
    expect(() => parseJsonLossless(nested(MAX_DEPTH + 2))).toThrow(SyntaxError)
  })

  it('does not count brackets inside strings', () => {
    expect(parseJsonLossless(JSON.stringify({ s: '['.repeat(MAX_DEPTH * 4) }))).toEqual({ s: '['.repeat(MAX_DEPTH * 4) })
  })
})
