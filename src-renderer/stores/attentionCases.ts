import { create } from 'zustand'
import { createJSONStorage, persist } from 'zustand/middleware'

/**
 * One case record per intent, wherever the intent appears (Needs attention, the intent
 * page, the case summary and the case bundle): its state and the history of its changes.
 * The case's notes are the intent's notes (`db/userData.ts`, multi-line, in the cache and its
 * exports); adding one through a case records it in the history too. Kept on this computer only.
 */
export const CASE_STATES = ['open', 'waiting', 'resolved'] as const
export type CaseState = (typeof CASE_STATES)[number]
export const CASE_LABEL: Record<CaseState, string> = { open: 'Open', waiting: 'Waiting on provider', resolved: 'Resolved' }

/** One change to a case: its state set, or a note added. */
export interface CaseChange {
  /** epoch ms */
  at: number
  state?: CaseState
  note?: string
}

export interface CaseRecord {
  state: CaseState
  /** epoch ms */
  updatedAt: number
  /** Oldest first; at most HISTORY_MAX. */
  history: CaseChange[]
  /** A one-line note kept by an earlier version of the queue; new notes go to the intent's notes. */
  note?: string
}

/** Changes kept per case: a worklist's history, not an audit log. */
export const HISTORY_MAX = 100

interface CasesState {
  /** `${profileId}|${intentId}` → case */
  cases: Record<string, CaseRecord>
  setState(profileId: string, intentId: string, state: CaseState): void
  /** Records that a note was added (the note itself is saved with `addNote`). */
  noteAdded(profileId: string, intentId: string, text: string): void
}

export const caseKey = (profileId: string, intentId: string) => `${profileId}|${intentId}`

const NEW_CASE: CaseRecord = { state: 'open', updatedAt: 0, history: [] }

function change(s: CasesState, key: string, c: Omit<CaseChange, 'at'>): Pick<CasesState, 'cases'> {
  const prev = s.cases[key] ?? NEW_CASE
  const at = Date.now()
  const history = [...(prev.history ?? []), { at, ...c }].slice(-HISTORY_MAX)
  return { cases: { ...s.cases, [key]: { ...prev, ...(c.state && { state: c.state }), history, updatedAt: at } } }
}

/** Case states and their history, persisted in local storage so they survive restarts. */
export const useCases = create<CasesState>()(
  persist(
    (set) => ({
      cases: {},
      setState: (profileId, intentId, state) => set((s) => (s.cases[caseKey(profileId, intentId)]?.state === state ? s : change(s, caseKey(profileId, intentId), { state }))),
      noteAdded: (profileId, intentId, text) => set((s) => change(s, caseKey(profileId, intentId), { note: text })),
    }),
    {
      name: 'intent-explorer.attention-cases',
      storage: createJSONStorage(() => localStorage),
      version: 2,
      // Version 1 had no history: each case starts its history with the state it was in.
      migrate: (old) => {
        const cases = ((old as { cases?: Record<string, Omit<CaseRecord, 'history'>> })?.cases ?? {}) as Record<string, CaseRecord>
        for (const c of Object.values(cases)) c.history ??= [{ at: c.updatedAt, state: c.state, ...(c.note ? { note: c.note } : {}) }]
        return { cases }
      },
    },
  ),
)

/** The case of an intent, read outside React (the case summary, the case bundle). */
export const caseOf = (profileId: string, intentId: string): CaseRecord | undefined => useCases.getState().cases[caseKey(profileId, intentId)]

/** "Waiting on provider (since 2026-11-20 10:08 UTC)"-style lines: the state, then each change. */
export function caseLines(record: CaseRecord | undefined, time: (ms: number) => string): string[] {
  if (!record) return ['Case: Open (no changes recorded)']
  const lines = [`Case: ${CASE_LABEL[record.state]} (since ${time(record.updatedAt)})`]
  for (const c of record.history ?? []) {
    if (c.state) lines.push(`  ${time(c.at)}  state set to ${CASE_LABEL[c.state]}`)
    if (c.note) lines.push(`  ${time(c.at)}  note added: ${c.note.replace(/\n/g, '\n    ')}`)
  }
  return lines
}
