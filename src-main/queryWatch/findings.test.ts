import { describe, expect, it } from 'vitest'
import { canonicalQuery, compare, mergeFindings } from './findings'

const e = (intentId: string, status?: string) => ({ intentId, status })

describe('compare', () => {
  it('keeps the seen-map bounded, forgetting the intents not read for longest', () => {
    const first = compare(new Map(), [e('c', 'FAILED'), e('b', 'QUOTED'), e('a', 'QUOTED')], { baselined: false, now: 1, seenLimit: 3 })
    expect(first.fresh).toEqual([])
    expect([...first.seen.keys()]).toEqual(['a', 'b', 'c'])
    const second = compare(first.seen, [e('d', 'EXECUTING'), e('b', 'COMMITTED')], { baselined: true, now: 2, seenLimit: 3 })
    expect([...second.seen]).toEqual([
      ['c', 'FAILED'],
      ['b', 'COMMITTED'],
      ['d', 'EXECUTING'],
    ])
    expect(second.fresh.map((f) => [f.kind, f.intentId])).toEqual([
      ['new', 'd'],
      ['status', 'b'],
    ])
  })

  it('does not count a missing status as a change, and keeps the last one known', () => {
    const { seen, fresh } = compare(new Map([['a', 'EXECUTING']]), [e('a')], { baselined: true, now: 1 })
    expect(fresh).toEqual([])
    expect(seen.get('a')).toBe('EXECUTING')
  })
})

describe('helpers', () => {
  it('bounds the findings, newest first', () => {
    const f = (intentId: string) => ({ kind: 'new' as const, intentId, foundAt: 1, unread: true })
    expect(mergeFindings([f('x')], [f('a'), f('b')], 2).map((x) => x.intentId)).toEqual(['x', 'a'])
  })

  it('reads the same filter in any key order as one', () => {
    expect(canonicalQuery({ byProjectId: 1, byStatuses: ['FAILED'], toTime: undefined })).toBe(canonicalQuery({ byStatuses: ['FAILED'], byProjectId: 1 }))
  })
})
