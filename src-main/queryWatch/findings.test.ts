import { describe, expect, it } from 'vitest'
import { MAX_FIELD_CHARS } from '../watch/keep'
import { MAX_ID_CHARS, compare, mergeFindings, type Seen } from './findings'
import { canonicalJson as canonicalQuery } from '../service/quotedIntents'

const e = (intentId: string, status?: string, createdAt?: string) => ({ intentId, status, createdAt })
const statuses = (seen: ReadonlyMap<string, Seen>) => [...seen].map(([id, s]) => [id, s.status])
/** Entries newest first, one a minute from 12:00 down: `at(3)` is 11:57. */
const at = (minutesBefore: number) => new Date(Date.UTC(2026, 10, 26, 12, 0) - minutesBefore * 60_000).toISOString()

describe('compare', () => {
  it('keeps the seen-map bounded, forgetting the intents not read for longest', () => {
    const first = compare(new Map(), [e('c', 'FAILED'), e('b', 'QUOTED'), e('a', 'QUOTED')], { baselined: false, now: 1, seenLimit: 3 })
    expect(first.fresh).toEqual([])
    expect([...first.seen.keys()]).toEqual(['a', 'b', 'c'])
    const second = compare(first.seen, [e('d', 'EXECUTING'), e('b', 'COMMITTED')], { baselined: true, now: 2, seenLimit: 3 })
    expect(statuses(second.seen)).toEqual([
      ['c', 'FAILED'],
      ['b', 'COMMITTED'],
      ['d', 'EXECUTING'],
    ])
    expect(second.fresh.map((f) => [f.kind, f.intentId])).toEqual([
      ['new', 'd'],
      ['status', 'b'],
    ])
  })

  it('keeps what a service writes within bounds: megabyte ids passed over, long statuses cut, long times dropped', () => {
    const huge = 'x'.repeat(1024 * 1024)
    const first = compare(new Map(), [e('a', 'QUOTED', at(1))], { baselined: false, now: 1 })
    const { seen, fresh } = compare(first.seen, [e(`0x${huge}`, 'FAILED', at(0)), e('b', `FAILED ${huge}`, huge), e('a', 'QUOTED', at(1))], { baselined: true, now: 2 })
    expect([...seen.keys()]).toEqual(['a', 'b'])
    expect(fresh.map((f) => [f.kind, f.intentId])).toEqual([['new', 'b']])
    expect(fresh[0].status).toHaveLength(MAX_FIELD_CHARS)
    expect(fresh[0].createdAt).toBeUndefined()
    expect(JSON.stringify([...seen]).length).toBeLessThan(1_000)
    expect(MAX_ID_CHARS).toBeLessThan(huge.length)
  })

  it('does not count a missing status as a change, and keeps the last one known', () => {
    const { seen, fresh } = compare(new Map([['a', { status: 'EXECUTING', matching: true }]]), [e('a')], { baselined: true, now: 1, complete: true })
    expect(fresh).toEqual([])
    expect(seen.get('a')?.status).toBe('EXECUTING')
  })
})

describe('intents that stop matching', () => {
  const executing = [e('c', 'EXECUTING', at(1)), e('b', 'EXECUTING', at(2)), e('a', 'EXECUTING', at(3))]
  const baseline = compare(new Map(), executing, { baselined: false, now: 1, complete: true }).seen

  it('reports one that is missing from an answer holding every match, once', () => {
    const second = compare(baseline, [executing[0], executing[2]], { baselined: true, now: 2, complete: true })
    expect(second.fresh).toEqual([{ kind: 'left', intentId: 'b', previousStatus: 'EXECUTING', createdAt: at(2), foundAt: 2, unread: true }])
    const third = compare(second.seen, [executing[0], executing[2]], { baselined: true, now: 3, complete: true })
    expect(third.fresh).toEqual([])
  })

  it('reports one missing from inside the window read, but not one that slid past its end', () => {
    const newer = e('d', 'EXECUTING', at(0))
    // A full window down to `a`: `b`, created after `a`, would be in it if it still matched.
    const inside = compare(baseline, [newer, executing[0], executing[2]], { baselined: true, now: 2, complete: false })
    expect(inside.fresh.map((f) => [f.kind, f.intentId])).toEqual([
      ['new', 'd'],
      ['left', 'b'],
    ])
    // A newer intent pushed `b` and `a` past the end of a full window: nothing says they changed.
    const slid = compare(baseline, [newer, executing[0]], { baselined: true, now: 2, complete: false })
    expect(slid.fresh.map((f) => [f.kind, f.intentId])).toEqual([['new', 'd']])
    expect([...slid.seen.values()].every((s) => s.matching)).toBe(true)
  })

  it('does not guess when the window has no times to go by', () => {
    const second = compare(baseline, [e('c', 'EXECUTING')], { baselined: true, now: 2, complete: false })
    expect(second.fresh).toEqual([])
  })

  it('counts one that matches again with another status as a status change', () => {
    const left = compare(baseline, [executing[0], executing[2]], { baselined: true, now: 2, complete: true }).seen
    const back = compare(left, executing.map((x) => (x.intentId === 'b' ? { ...x, status: 'FAILED' } : x)), { baselined: true, now: 3, complete: true })
    expect(back.fresh.map((f) => [f.kind, f.intentId, f.previousStatus, f.status])).toEqual([['status', 'b', 'EXECUTING', 'FAILED']])
    expect(back.seen.get('b')?.matching).toBe(true)
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
