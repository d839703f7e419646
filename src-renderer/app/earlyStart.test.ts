import { afterEach, describe, expect, it } from 'vitest'
import type { AppInfo } from '@contract/app'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { firstPageProfile, rememberActiveProfile, startingProfile } from './earlyStart'

/** A storage holding what is set, like the page's localStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items }
}

const remembered = () => memoryStorage({ 'intent-explorer.last-profile': 'p1' })

afterEach(() => useCacheStatus.setState({ forcedOffline: false }))

describe('firstPageProfile', () => {
  it('names the remembered profile when the app opens offline on History without filters', () => {
    useCacheStatus.setState({ forcedOffline: true })
    expect(firstPageProfile('#/history', remembered())).toBe('p1')
    expect(firstPageProfile('#/history?cap=10000&all=1', remembered())).toBe('p1')
  })

  it('names none online, on another view, with filters, sort or page size in the URL, or with no profile remembered', () => {
    expect(firstPageProfile('#/history', remembered())).toBeUndefined()
    useCacheStatus.setState({ forcedOffline: true })
    for (const hash of ['', '#/search', '#/history/x', '#/history?status=failed', '#/history?order=asc', '#/history?size=10', '#/history?all=1&owner=0xab'])
      expect(firstPageProfile(hash, remembered())).toBeUndefined()
    expect(firstPageProfile('#/history', memoryStorage())).toBeUndefined()
  })
})

describe('startingProfile', () => {
  it('names the remembered profile when the app opens offline, on any view; none online or with none remembered', () => {
    expect(startingProfile(remembered())).toBeUndefined()
    useCacheStatus.setState({ forcedOffline: true })
    expect(startingProfile(remembered())).toBe('p1')
    expect(startingProfile(memoryStorage())).toBeUndefined()
  })
})

describe('rememberActiveProfile', () => {
  it('keeps the profile the app’s info names, for the next start', () => {
    const storage = memoryStorage()
    const stop = rememberActiveProfile(storage)
    try {
      useConnection.setState({ info: { activeProfileId: 'p2' } as AppInfo })
      expect(storage.items.get('intent-explorer.last-profile')).toBe('p2')
      useConnection.setState({ info: null })
      expect(storage.items.get('intent-explorer.last-profile')).toBe('p2')
    } finally {
      stop()
    }
  })
})
