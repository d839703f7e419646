import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

interface HistoryColumnsState {
  /** Ids of the optional columns picked, in no particular order. */
  picked: string[]
  toggle(id: string): void
}

/** The History table's optional columns a person picked; kept across restarts. */
export const useHistoryColumns = create<HistoryColumnsState>()(
  persist(
    (set) => ({
      picked: [],
      toggle: (id) => set(({ picked }) => ({ picked: picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id] })),
    }),
    { name: 'intent-explorer.history-columns', storage: createJSONStorage(() => localStorage) },
  ),
)
