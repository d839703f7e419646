import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'
import { setShowUtc } from '../lib/format'

interface DisplayState {
  /** Show every date and time in UTC instead of the computer's zone. */
  utc: boolean
  setUtc(utc: boolean): void
}

/**
 * How dates show: a person's preference, kept across restarts. The formatting module
 * (`lib/format.ts`) reads the zone when it formats, so this store keeps it in step.
 */
export const useDisplay = create<DisplayState>()(
  persist((set) => ({ utc: false, setUtc: (utc) => set({ utc }) }), {
    name: 'intent-explorer.display',
    storage: createJSONStorage(() => localStorage),
    partialize: (s) => ({ utc: s.utc }),
  }),
)

setShowUtc(useDisplay.getState().utc)
useDisplay.subscribe((s) => setShowUtc(s.utc))
