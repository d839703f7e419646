import { create } from 'zustand'
import type { AppInfo, ProfileView } from '@contract/app'
import type { SvcError } from '@contract/errors'

export type Reachability = 'unknown' | 'online' | 'offline'

interface ConnectionState {
  info: AppInfo | null
  /**
   * Set at start-up when the app opens working offline: the profile that was active when
   * it last ran (`app/earlyStart.ts`). History's list reads the cache by it until `info`
   * names the active profile (`useListProfileId`).
   */
  startingProfileId?: string
  reachability: Reachability
  /** The last failure that made us think the service is out of reach. */
  lastOutage: SvcError | null
  setInfo(info: AppInfo): void
  noteReachable(): void
  noteOutage(error: SvcError): void
}

/** Kinds that mean "we could not talk to the service", as opposed to "it said no". */
export const OUTAGE_KINDS: ReadonlySet<SvcError['kind']> = new Set(['Network', 'Unavailable', 'Timeout'])

export const useConnection = create<ConnectionState>()((set) => ({
  info: null,
  reachability: 'unknown',
  lastOutage: null,
  setInfo: (info) => set({ info }),
  noteReachable: () => set({ reachability: 'online', lastOutage: null }),
  noteOutage: (error) => set({ reachability: 'offline', lastOutage: error }),
}))

export function activeProfile(info: AppInfo | null): ProfileView | undefined {
  return info?.profiles.find((p) => p.id === info.activeProfileId)
}
