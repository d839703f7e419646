import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storageWrittenWhenIdle } from './storageWrittenWhenIdle'

const idle = () => new Promise((resolve) => setTimeout(resolve, 0))

beforeEach(() => localStorage.clear())
afterEach(() => vi.restoreAllMocks())

describe('a store written when the window is idle', () => {
  it('writes only the newest of many changes, once, and reads it back before then', async () => {
    const storage = storageWrittenWhenIdle<{ n: number }>()
    const write = vi.spyOn(Storage.prototype, 'setItem')
    for (let n = 1; n <= 200; n++) storage.setItem('k', { state: { n }, version: 1 })
    expect(write).not.toHaveBeenCalled()
    expect(storage.getItem('k')).toEqual({ state: { n: 200 }, version: 1 })
    await idle()
    expect(write).toHaveBeenCalledTimes(1)
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual({ state: { n: 200 }, version: 1 })
  })

  it('writes at once when the page goes away, and stores maps as objects with a replacer', () => {
    const storage = storageWrittenWhenIdle<{ m: Map<string, number> }>({ replacer: (_k, v) => (v instanceof Map ? Object.fromEntries(v) : v) })
    storage.setItem('k', { state: { m: new Map([['a', 1]]) } })
    window.dispatchEvent(new Event('pagehide'))
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual({ state: { m: { a: 1 } } })
  })

  it('forgets a pending write when the item is removed', async () => {
    const storage = storageWrittenWhenIdle<{ n: number }>()
    storage.setItem('k', { state: { n: 1 } })
    storage.removeItem('k')
    await idle()
    expect(localStorage.getItem('k')).toBeNull()
    expect(storage.getItem('k')).toBeNull()
  })
})
