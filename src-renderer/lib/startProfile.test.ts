import { afterEach, describe, expect, it } from 'vitest'
import { CACHE_STATUS_KEY, firstPageProfile, LAST_PROFILE_KEY, startingProfile } from './startProfile'

const remember = (id: string) => localStorage.setItem(LAST_PROFILE_KEY, id)
/** The switch as the cache status store keeps it (`stores/cache.test.ts` checks that the store writes this). */
const workOffline = (on: boolean) => localStorage.setItem(CACHE_STATUS_KEY, JSON.stringify({ state: { forcedOffline: on }, version: 0 }))

afterEach(() => localStorage.clear())

describe('startingProfile', () => {
  it('names the remembered profile when the "work offline" switch is on; none online or with none remembered', () => {
    remember('p1')
    expect(startingProfile(localStorage)).toBeUndefined()
    workOffline(false)
    expect(startingProfile(localStorage)).toBeUndefined()
    workOffline(true)
    expect(startingProfile(localStorage)).toBe('p1')
    localStorage.removeItem(LAST_PROFILE_KEY)
    expect(startingProfile(localStorage)).toBeUndefined()
  })

  it('reads a switch it cannot parse as online', () => {
    remember('p1')
    const storage = { getItem: (k: string) => (k === LAST_PROFILE_KEY ? 'p1' : '{not json') }
    expect(startingProfile(storage)).toBeUndefined()
  })
})

describe('firstPageProfile', () => {
  it('names the remembered profile when the app opens offline on History without filters', () => {
    remember('p1')
    workOffline(true)
    expect(firstPageProfile('#/history', localStorage)).toBe('p1')
    expect(firstPageProfile('#/history?cap=10000&all=1', localStorage)).toBe('p1')
  })

  it('names none online, on another view, with filters, sort or page size in the URL, or with no profile remembered', () => {
    remember('p1')
    expect(firstPageProfile('#/history', localStorage)).toBeUndefined()
    workOffline(true)
    for (const hash of ['', '#/search', '#/history/x', '#/history?status=failed', '#/history?order=asc', '#/history?size=10', '#/history?all=1&owner=0xab'])
      expect(firstPageProfile(hash, localStorage)).toBeUndefined()
    localStorage.removeItem(LAST_PROFILE_KEY)
    expect(firstPageProfile('#/history', localStorage)).toBeUndefined()
  })
})
