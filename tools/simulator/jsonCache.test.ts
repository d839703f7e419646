import { describe, expect, it, vi } from 'vitest'
import { JsonCache } from './jsonCache'

describe('JsonCache', () => {
  it('keeps a text from the second time its key is asked', () => {
    const cache = new JsonCache(10)
    const build = vi.fn(() => 'text')
    expect(cache.get('a', build)).toBe('text')
    expect(cache.get('a', build)).toBe('text')
    expect(cache.get('a', build)).toBe('text')
    expect(cache.get('a', build)).toBe('text')
    expect(build).toHaveBeenCalledTimes(2)
  })

  it('keeps nothing for keys asked only once', () => {
    const cache = new JsonCache(10)
    let built = 0
    for (let i = 0; i < 5; i++) cache.get(`k${i}`, () => String(built++))
    // Each was remembered as asked, so its second asking builds once more and keeps it.
    for (let i = 0; i < 5; i++) cache.get(`k${i}`, () => String(built++))
    expect(built).toBe(10)
    for (let i = 0; i < 5; i++) expect(cache.get(`k${i}`, () => 'rebuilt')).toBe(String(5 + i))
  })

  it('forgets the least recently used text beyond its capacity', () => {
    const cache = new JsonCache(2)
    for (const k of ['a', 'b', 'a', 'b']) cache.get(k, () => k)
    cache.get('a', () => 'unused') // a is now the most recently used
    for (const k of ['c', 'c']) cache.get(k, () => k)
    expect(cache.get('a', () => 'rebuilt')).toBe('a')
    expect(cache.get('b', () => 'rebuilt')).toBe('rebuilt')
  })

  it('remembers at most its capacity of keys asked once', () => {
    const cache = new JsonCache(2)
    for (const k of ['a', 'b', 'c']) cache.get(k, () => k)
    // "a" was forgotten as asked, so asking again does not keep it yet.
    cache.get('a', () => 'a2')
    expect(cache.get('a', () => 'a3')).toBe('a3')
    expect(cache.get('a', () => 'a4')).toBe('a3')
  })
})
