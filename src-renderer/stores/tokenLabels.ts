import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { storageWrittenWhenIdle } from './storageWrittenWhenIdle'
import type { TokenLabel, TokenLabels as Labels } from '../lib/displaySources'

interface TokenLabelsState {
  /** Labels per profile: two services may name the same address differently. */
  byProfile: ReadonlyMap<string, Labels>
}

/** At most this many labels are kept per profile across restarts (the newest learnt win). */
export const KEPT_LABELS = 2000

const isEntry = (e: unknown): e is [string, TokenLabel] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'object' && e[1] !== null

/** Stored as entry lists (`[profileId, [[key, label], …]]`); read back into maps, dropping whatever is not a label. */
function revive(list: unknown): ReadonlyMap<string, Labels> {
  const profiles = (Array.isArray(list) ? list : []).filter((item): item is [string, unknown[]] => Array.isArray(item) && typeof item[0] === 'string' && Array.isArray(item[1]))
  return new Map(profiles.map(([profileId, labels]) => [profileId, new Map(labels.filter(isEntry))]))
}

/**
 * Token labels, keyed by profile (`data/reference/tokens.ts` is their one owner). Intents name tokens only by address;
 * receipts and balances carry their symbol and decimals. What any answer taught us
 * labels amounts everywhere else for the same profile, and is kept across restarts, so
 * symbols show offline too.
 */
export const useTokenLabelStore = create<TokenLabelsState>()(
  persist(() => ({ byProfile: new Map() as ReadonlyMap<string, Labels> }), {
    name: 'intent-explorer.token-labels',
    storage: storageWrittenWhenIdle(),
    // Maps do not survive JSON: each profile's labels are stored as an entry list, capped.
    partialize: (s) => ({ byProfile: [...s.byProfile].map(([id, labels]) => [id, [...labels].slice(-KEPT_LABELS)]) }) as unknown as TokenLabelsState,
    merge: (persisted, current) => ({ ...current, byProfile: revive((persisted as { byProfile?: unknown } | undefined)?.byProfile) }),
  }),
)
