import { createJSONStorage, type PersistStorage, type StorageValue } from 'zustand/middleware'
import { whenIdle } from '../lib/whenIdle'

type JsonOptions = Parameters<typeof createJSONStorage>[1]

/**
 * Local storage for a persisted store that changes often, written when the window is idle.
 * `persist` writes the whole store at every change, and the price book (up to 5,000 prices
 * per profile) changes with every answer written through: some 200 times in a bulk lookup
 * and at every page of "load all", each a JSON.stringify and a localStorage write of the
 * whole book on the window's thread. The newest value is written once per idle period
 * instead, and at once when the page is hidden or goes away, so quitting loses nothing.
 * Reads see the value not yet written.
 */
export function storageWrittenWhenIdle<S>(options?: JsonOptions): PersistStorage<S> {
  const json = createJSONStorage<S>(() => localStorage, options)!
  const pending = new Map<string, StorageValue<S>>()
  const flush = () => {
    for (const [name, value] of pending) json.setItem(name, value)
    pending.clear()
  }
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush())
  }
  return {
    getItem: (name) => pending.get(name) ?? json.getItem(name),
    setItem: (name, value) => {
      if (!pending.size) whenIdle(flush)
      pending.set(name, value)
    },
    removeItem: (name) => {
      pending.delete(name)
      json.removeItem(name)
    },
  }
}
