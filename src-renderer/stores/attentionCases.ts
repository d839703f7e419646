import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

/** Where a support person is with an intent in the queue; kept on this computer only. */
export const CASE_STATES = ['open', 'waiting', 'resolved'] as const
export type CaseState = (typeof CASE_STATES)[number]
export const CASE_LABEL: Record<CaseState, string> = { open: 'Open', waiting: 'Waiting on provider', resolved: 'Resolved' }

export interface CaseRecord {
  state: CaseState
  note: string
  /** epoch ms */
  updatedAt: number
}

/** A note longer than this is cut: the queue is a worklist, not a case file (the intent page has notes). */
export const NOTE_MAX = 500

interface CasesState {
  /** `${profileId}|${intentId}` → case */
  cases: Record<string, CaseRecord>
  setState(profileId: string, intentId: string, state: CaseState): void
  setNote(profileId: string, intentId: string, note: string): void
}

export const caseKey = (profileId: string, intentId: string) => `${profileId}|${intentId}`

const NEW_CASE: CaseRecord = { state: 'open', note: '', updatedAt: 0 }
const put = (s: CasesState, key: string, patch: Partial<CaseRecord>): Pick<CasesState, 'cases'> => ({
  cases: { ...s.cases, [key]: { ...(s.cases[key] ?? NEW_CASE), ...patch, updatedAt: Date.now() } },
})

/** Case states and notes of the Needs attention queue, persisted in local storage so they survive restarts. */
export const useCases = create<CasesState>()(
  persist(
    (set) => ({
      cases: {},
      setState: (profileId, intentId, state) => set((s) => put(s, caseKey(profileId, intentId), { state })),
      setNote: (profileId, intentId, note) => set((s) => put(s, caseKey(profileId, intentId), { note: note.slice(0, NOTE_MAX) })),
    }),
    { name: 'intent-explorer.attention-cases', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
)
