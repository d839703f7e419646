import { describe, expect, it } from 'vitest'
import type { AppInfo } from '@contract/app'
import { useConnection } from '../stores/connection'
import { rememberActiveProfile } from './earlyStart'

/** A storage holding what is set, like the page's localStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial))
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items }
}

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
