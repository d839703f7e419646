import { describe, expect, it } from 'vitest'
import { diffObjects, flatten, leafText } from './diff'

describe('flatten', () => {
  it('keys leaves by dotted and indexed paths and keeps empty containers as leaves', () => {
    const flat = flatten({ a: 1, b: { c: 'x', d: [] }, e: [{ f: true }, 2], g: {}, h: undefined, i: null })
    expect([...flat.entries()]).toEqual([
      ['a', 1],
      ['b.c', 'x'],
      ['b.d', []],
      ['e[0].f', true],
      ['e[1]', 2],
      ['g', {}],
      ['i', null],
    ])
  })
})

describe('diffObjects', () => {
  it('marks changed, added and removed fields and leaves equal ones alone', () => {
    const rows = diffObjects(
      { status: 'EXECUTING', quote: { toAmount: '1234567890123456789012', fromAmount: '5' }, old: 1 },
      { status: 'SUCCEEDED', quote: { toAmount: '1234567890123456789012', fromAmount: '5', maxSlippage: 0.01 }, updatedAt: 'x' },
    )
    expect(rows).toEqual([
      { path: 'status', left: 'EXECUTING', right: 'SUCCEEDED', same: false },
      { path: 'quote.toAmount', left: '1234567890123456789012', right: '1234567890123456789012', same: true },
      { path: 'quote.fromAmount', left: '5', right: '5', same: true },
      { path: 'quote.maxSlippage', left: undefined, right: 0.01, same: false },
      { path: 'updatedAt', left: undefined, right: 'x', same: false },
      { path: 'old', left: 1, right: undefined, same: false },
    ])
  })

  it('compares big amounts as exact text, so a change in the last digit shows', () => {
    const rows = diffObjects({ a: '1234567890123456789012' }, { a: '1234567890123456789013' })
    expect(rows[0].same).toBe(false)
  })

  it('tells an absent field from one sent as null or empty', () => {
    expect(diffObjects({ a: null }, {})[0].same).toBe(false)
    expect(diffObjects({ a: [] }, { a: [] })[0].same).toBe(true)
    expect(diffObjects({ a: [] }, { a: {} })[0].same).toBe(false)
  })

  it('lines arrays up by index', () => {
    const rows = diffObjects({ p: ['A', 'B'] }, { p: ['A'] })
    expect(rows.map((r) => [r.path, r.same])).toEqual([
      ['p[0]', true],
      ['p[1]', false],
    ])
  })

  it('finds no differences between an object and itself', () => {
    const o = { x: { y: [1, { z: 'q' }] } }
    expect(diffObjects(o, structuredClone(o)).every((r) => r.same)).toBe(true)
  })
})

describe('leafText', () => {
  it('shows strings verbatim and everything else as JSON', () => {
    expect(leafText(undefined)).toBe('(absent)')
    expect(leafText('')).toBe('""')
    expect(leafText('0xabc')).toBe('0xabc')
    expect(leafText(null)).toBe('null')
    expect(leafText(false)).toBe('false')
    expect(leafText([])).toBe('[]')
  })
})
