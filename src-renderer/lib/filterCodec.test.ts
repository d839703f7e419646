import { describe, expect, it } from 'vitest'
import { filterCodec, flag, splitList, text } from './filterCodec'

interface Filters {
  owner: string
  statuses: string[]
  size: string
  recoverable: boolean
}
interface Request {
  owner?: string
  statuses?: string[]
  pageSize?: number
  onlyRecoverable?: true
}

const codec = filterCodec<Filters, Request>({
  owner: text('owner', (v) => (v.startsWith('0x') ? { owner: v } : { problem: 'Use a 0x address' })),
  statuses: { key: 'status', many: true, empty: [], parse: (all) => all.filter((s) => s === s.toUpperCase()), toRequest: (s) => (s.length ? { statuses: s } : undefined) },
  size: {
    key: 'size',
    empty: '20',
    toRequest: (v) => (/^\d+$/.test(v) ? { pageSize: Number(v) } : { problem: 'Use a whole number' }),
  },
  recoverable: flag('recoverable', (on) => (on ? { onlyRecoverable: true } : undefined)),
})

describe('the filter codec', () => {
  it('decodes a URL field by field, with each field at its empty value when the URL lacks it', () => {
    expect(codec.decode(new URLSearchParams())).toEqual(codec.empty)
    expect(codec.empty).toEqual({ owner: '', statuses: [], size: '20', recoverable: false })
    expect(codec.decode(new URLSearchParams('owner=%200xab&status=FAILED&status=bad&status=REFUNDED&size=50&recoverable=1&other=x'))).toEqual({
      owner: ' 0xab',
      statuses: ['FAILED', 'REFUNDED'],
      size: '50',
      recoverable: true,
    })
  })

  it('encodes values at their default out, repeated keys in order, and keeps other keys of the base', () => {
    const base = new URLSearchParams('tab=2&owner=0xold&status=OLD')
    const out = codec.encode({ owner: ' 0xab ', statuses: ['FAILED', 'REFUNDED'], size: '20', recoverable: false }, base)
    expect(out.toString()).toBe('tab=2&owner=0xab&status=FAILED&status=REFUNDED')
    expect(codec.encode(codec.empty).toString()).toBe('')
    expect(codec.encode({ ...codec.empty, size: '50', recoverable: true }).toString()).toBe('size=50&recoverable=1')
  })

  it('builds the request from the good fields and names the problem of each bad one', () => {
    expect(codec.toRequest({ owner: '0xab', statuses: ['FAILED'], size: '50', recoverable: true })).toEqual({
      request: { owner: '0xab', statuses: ['FAILED'], pageSize: 50, onlyRecoverable: true },
      problems: {},
    })
    expect(codec.toRequest({ owner: 'abc', statuses: [], size: 'many', recoverable: false })).toEqual({
      request: {},
      problems: { owner: 'Use a 0x address', size: 'Use a whole number' },
    })
    // A blank text field is not sent and has no problem.
    expect(codec.toRequest({ ...codec.empty, owner: '   ' }).request).toEqual({ pageSize: 20 })
  })

  it('round-trips: what it encodes decodes to the same filters', () => {
    const filters: Filters = { owner: '0xab', statuses: ['SUCCEEDED'], size: '30', recoverable: true }
    expect(codec.decode(codec.encode(filters))).toEqual(filters)
  })

  it('splits comma lists, dropping blanks', () => {
    expect(splitList(' a, b ,,c ')).toEqual(['a', 'b', 'c'])
  })
})
