import { afterEach, describe, expect, it, vi } from 'vitest'
import { setShowUtc, zoneName } from './format'

describe('the local zone name', () => {
  afterEach(() => {
    setShowUtc(false)
    vi.restoreAllMocks()
  })

  it('asks Intl once per UTC offset, not once per cell, and gives the same name as Intl', () => {
    setShowUtc(false)
    const t = Date.parse('2026-11-25T11:48:03Z')
    const expected = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date(t)).find((p) => p.type === 'timeZoneName')?.value
    const asked = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    const names = new Set<string>()
    for (let i = 0; i < 2000; i++) names.add(zoneName(t + i * 1000))
    expect([...names]).toEqual([expected])
    expect(asked.mock.calls.length).toBeLessThanOrEqual(1)
  })
})
