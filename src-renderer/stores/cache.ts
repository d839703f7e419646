import { useEffect, useEffectEvent } from 'react'
import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { CACHE_STATUS_KEY } from '../lib/startProfile'
import { useConnection } from './connection'

interface CacheStatusState {
  /** The last failed write: the store (or data kind) it was to, e.g. `historyEntries`, and when (epoch ms). */
  lastWriteError?: { store: string; message: string; at: number }
  /** The person chose to work from the cache even though the service may be reachable. */
  forcedOffline: boolean
  /** History entries stored but not yet filed for offline search (`db/historyJournal.ts`). */
  unindexed: number
  reportWriteError(store: string, message: string, at?: number): void
  clearWriteError(): void
  setForcedOffline(on: boolean): void
  setUnindexed(n: number): void
}

/**
 * The cache's health and the "work offline" switch. Write-through never throws into a
 * view; it reports here instead, and the shell shows the last failure.
 */
export const useCacheStatus = create<CacheStatusState>()(
  persist(
    (set) => ({
      forcedOffline: false,
      unindexed: 0,
      reportWriteError: (store, message, at = Date.now()) => set({ lastWriteError: { store, message, at } }),
      clearWriteError: () => set({ lastWriteError: undefined }),
      setForcedOffline: (forcedOffline) => set({ forcedOffline }),
      setUnindexed: (unindexed) => set({ unindexed }),
    }),
    {
      // The early script reads the switch from there too (`lib/startProfile.ts`).
      name: CACHE_STATUS_KEY,
      storage: createJSONStorage(() => localStorage),
      // Only the switch is a preference; an error belongs to this run.
      partialize: (s) => ({ forcedOffline: s.forcedOffline }),
    },
  ),
)

/** Offline mode for code outside React: forced by the person, or the service is unreachable. */
export const isOfflineMode = (): boolean =>
  useCacheStatus.getState().forcedOffline || useConnection.getState().reachability === 'offline'

/** True when views should read the cache instead of the service. */
export function useOfflineMode(): boolean {
  const forced = useCacheStatus((s) => s.forcedOffline)
  const unreachable = useConnection((s) => s.reachability === 'offline')
  return forced || unreachable
}

/**
 * Calls `onFiled` each time the cache has filed every staged history entry for offline
 * search (the waiting count falls to 0): what was read from the cache before then may
 * lack entries that are searchable now. Returns the unsubscribe.
 */
export function onFilingFinished(onFiled: () => void): () => void {
  return useCacheStatus.subscribe((s, prev) => {
    if (prev.unindexed > 0 && s.unindexed === 0) onFiled()
  })
}

/** `onFilingFinished` for as long as the component is mounted, with its latest callback. */
export function useFilingFinished(onFiled: () => void): void {
  const filed = useEffectEvent(onFiled)
  useEffect(() => onFilingFinished(() => filed()), [])
}
