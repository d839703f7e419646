import { create } from 'zustand'
import type { IntentHistoryEntry } from '@contract/service'

/**
 * What the History view keeps of a list besides its data (which the query cache holds):
 * the picked entries, the entry in the detail panel and the scroll position. It lives
 * outside the view so opening an intent and coming back finds them; each belongs to one
 * list (and the scroll to one page of it), so another list starts with none.
 */

const NONE: ReadonlyMap<string, IntentHistoryEntry> = new Map()

export interface HistoryUiState {
  /** Picked entries by row key, for the list `list`; kept across its pages so a selection can span them. */
  selection: { list: string | null; picked: ReadonlyMap<string, IntentHistoryEntry> }
  /** The entry shown in the detail panel, for the list `list`. */
  detail: { list: string; key: string; entry: IntentHistoryEntry } | null
  /** Where the table was scrolled to, for one page (or the "all" view) of one list. */
  scroll: { at: string; top: number }

  toggleSelected(list: string, key: string, entry: IntentHistoryEntry): void
  setSelected(list: string, picked: Iterable<[string, IntentHistoryEntry]>): void
  showDetail(list: string, detail: { key: string; entry: IntentHistoryEntry } | null): void
  setScroll(at: string, top: number): void
}

export const useHistoryUi = create<HistoryUiState>()((set) => ({
  selection: { list: null, picked: NONE },
  detail: null,
  scroll: { at: '', top: 0 },

  toggleSelected: (list, key, entry) =>
    set((s) => {
      const picked = new Map(s.selection.list === list ? s.selection.picked : NONE)
      if (!picked.delete(key)) picked.set(key, entry)
      return { selection: { list, picked } }
    }),
  setSelected: (list, picked) => set({ selection: { list, picked: new Map(picked) } }),
  showDetail: (list, detail) => set({ detail: detail ? { list, ...detail } : null }),
  setScroll: (at, top) => set({ scroll: { at, top } }),
}))

/** The picked entries of `list` (none when the selection belongs to another list). */
export const selectedOf = (s: HistoryUiState, list: string | null): ReadonlyMap<string, IntentHistoryEntry> =>
  list !== null && s.selection.list === list ? s.selection.picked : NONE
