import { describe, expect, it } from 'vitest'
import { AddQueryWatchArgsSchema, QueryWatchPauseArgsSchema } from './queryWatch'
import { queryNoticeText } from './queryWatchNotice'

describe('watched query arguments', () => {
  it('accept a History filter without its cursor', () => {
    const r = AddQueryWatchArgsSchema.safeParse({ name: ' FAILED on 42 ', query: { byProjectId: 42, byStatuses: ['FAILED'] }, intervalMs: 60_000 })
    expect(r.success && r.data.name).toBe('FAILED on 42')
  })

  it.each([
    ['a cursor', { name: 'x', query: { page: { pageSize: 20 } } }],
    ['an unknown filter', { name: 'x', query: { byColour: 'red' } }],
    ['an unknown status', { name: 'x', query: { byStatuses: ['DONE'] } }],
    ['no name', { name: ' ', query: {} }],
    ['a fractional interval', { name: 'x', query: {}, intervalMs: 1.5 }],
    ['an interval past a day', { name: 'x', query: {}, intervalMs: 86_400_001 }],
    ['an extra field', { name: 'x', query: {}, paused: true }],
    ['a huge filter', { name: 'x', query: { byParticipantAddresses: Array.from({ length: 200 }, () => `0x${'1'.repeat(40)}`) } }],
  ])('refuse %s', (_what, args) => {
    expect(AddQueryWatchArgsSchema.safeParse(args).success).toBe(false)
  })

  it('need an id and a boolean to pause', () => {
    expect(QueryWatchPauseArgsSchema.safeParse({ id: 'q', paused: true }).success).toBe(true)
    expect(QueryWatchPauseArgsSchema.safeParse({ id: '', paused: true }).success).toBe(false)
    expect(QueryWatchPauseArgsSchema.safeParse({ id: 'q', paused: 'yes' }).success).toBe(false)
  })
})

describe('queryNoticeText', () => {
  it('counts what a poll found and names the first few', () => {
    const f = (n: number, kind: 'new' | 'status') => ({ kind, intentId: `0x${String(n).repeat(64)}`, status: 'FAILED', previousStatus: 'EXECUTING', foundAt: 1, unread: true })
    const t = queryNoticeText({ name: 'owner 0xab' }, [f(1, 'new'), f(2, 'status'), f(3, 'status'), f(4, 'new')])
    expect(t.title).toBe('owner 0xab: 2 new, 2 status changes')
    expect(t.body).toBe('0x111111…1111 is new (FAILED); 0x222222…2222 EXECUTING → FAILED; 0x333333…3333 EXECUTING → FAILED and 1 more')
  })
})
