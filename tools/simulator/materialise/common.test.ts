import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { iso } from './common'

describe('iso', () => {
  it('formats exactly like Date#toISOString', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(iso(ms)).toBe(new Date(ms).toISOString())
      }),
    )
    expect(iso(Date.UTC(2026, 10, 20, 10, 2, 11))).toBe('2026-11-20T10:02:11.000Z')
  })
})
