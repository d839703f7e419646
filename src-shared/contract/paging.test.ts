import { describe, expect, it } from 'vitest'
import { readPagesLoop, RepeatedCursor, type PageStep } from './paging'

/** A list of `total` items served `size` at a time; the cursor is the offset of the next page. */
function list(total: number) {
  const asked: Array<{ at: number; size: number }> = []
  const page = async ({ at, size }: { at: number; size: number }): Promise<PageStep<{ at: number; size: number }>> => {
    asked.push({ at, size })
    const counted = Math.max(0, Math.min(size, total - at))
    return { counted, next: at + counted < total ? { at: at + counted, size } : undefined }
  }
  return { page, asked }
}

describe('readPagesLoop', () => {
  it('reads to the end of the list', async () => {
    const { page, asked } = list(25)
    const r = await readPagesLoop(page, { from: { at: 0, size: 10 } })
    expect(r).toEqual({ outcome: 'complete', next: undefined, read: 25 })
    expect(asked.map((a) => a.at)).toEqual([0, 10, 20])
  })

  it('stops at the cap between whole pages, and resumes exactly there', async () => {
    const { page, asked } = list(100)
    const r = await readPagesLoop(page, { from: { at: 0, size: 10 }, cap: 15 })
    expect(r).toMatchObject({ outcome: 'cap', read: 20, next: { at: 20 } })
    expect(asked).toHaveLength(2)
    const again = await readPagesLoop(page, { from: r.next!, already: r.read, cap: 40 })
    expect(again).toMatchObject({ outcome: 'cap', read: 40, next: { at: 40 } })
  })

  it('with trim, asks the last page only for what the cap allows', async () => {
    const { page, asked } = list(100)
    const r = await readPagesLoop(page, { from: { at: 0, size: 10 }, cap: 15, trim: { withRoom: (p, room) => ({ ...p, size: Math.min(p.size, room) }) } })
    expect(r).toMatchObject({ outcome: 'cap', read: 15 })
    expect(asked.map((a) => a.size)).toEqual([10, 5])
  })

  it('ends on a page with nothing new, and on no page at all', async () => {
    let calls = 0
    const empty = await readPagesLoop(async () => (calls++, { counted: 0, next: 'again' }), { from: 'first' })
    expect(empty).toEqual({ outcome: 'complete', next: undefined, read: 0 })
    expect(calls).toBe(1)
    expect(await readPagesLoop(async () => null, { from: 'first' })).toEqual({ outcome: 'complete', next: undefined, read: 0 })
  })

  it('reports a cursor handed back unchanged as an error, not a list without end', async () => {
    const r = await readPagesLoop(async (c: string) => ({ counted: 1, next: c === 'a' ? 'b' : 'b' }), { from: 'a', sameCursor: (sent, next) => sent === next })
    expect(r.outcome).toBe('error')
    expect(r.error).toBeInstanceOf(RepeatedCursor)
    expect(r).toMatchObject({ next: 'b', read: 2 })
  })

  it('stops when cancelled and when a page fails, keeping where to resume', async () => {
    const abort = new AbortController()
    const { page } = list(100)
    const cancelled = await readPagesLoop(
      async (p: { at: number; size: number }) => {
        abort.abort()
        return page(p)
      },
      { from: { at: 0, size: 10 }, signal: abort.signal },
    )
    expect(cancelled).toMatchObject({ outcome: 'cancelled', read: 10, next: { at: 10 } })
    const boom = new Error('down')
    const failed = await readPagesLoop(async (p: number) => (p > 0 ? Promise.reject(boom) : { counted: 3, next: 1 }), { from: 0 })
    expect(failed).toEqual({ outcome: 'error', next: 1, read: 3, error: boom })
  })
})
