import { create } from 'zustand'
import { createJSONStorage, persist, type PersistStorage } from 'zustand/middleware'
import type { TokenLabel, TokenLabels as Labels } from '../lib/displaySources'

interface TokenLabelsState {
  /** Labels per profile: two services may name the same address differently. */
  byProfile: ReadonlyMap<string, Labels>
}

/** At most this many labels are kept per profile across restarts (the newest learnt win). */
export const KEPT_LABELS = 2000

type StoredLabels = Array<[profileId: string, labels: Array<[key: string, label: TokenLabel]>]>

/** Maps do not survive JSON: the labels are stored as entry lists, each profile's capped. */
const labelStorage: PersistStorage<TokenLabelsState> | undefined = (() => {
  const json = createJSONStorage<{ byProfile: StoredLabels }>(() => localStorage)
  if (!json) return undefined
  return {
    getItem: (name) => {
      const stored = json.getItem(name) as { state?: { byProfile?: unknown }; version?: number } | null
      const list = stored?.state?.byProfile
      if (!Array.isArray(list)) return null
      const byProfile = new Map<string, Labels>()
      for (const item of list)
        if (Array.isArray(item) && typeof item[0] === 'string' && Array.isArray(item[1]))
          byProfile.set(item[0], new Map((item[1] as unknown[]).filter((e): e is [string, TokenLabel] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'object' && e[1] !== null)))
      return { state: { byProfile }, version: stored?.version }
    },
    setItem: (name, value) =>
      json.setItem(name, {
        state: { byProfile: [...value.state.byProfile].map(([id, labels]) => [id, [...labels].slice(-KEPT_LABELS)]) },
        version: value.version,
      }),
    removeItem: (name) => json.removeItem(name),
  }
})()

/**
 * Token labels, keyed by profile (`data/reference/tokens.ts` is their one owner). Intents name tokens only by address;
 * receipts and balances carry their symbol and decimals. What any answer taught us
 * labels amounts everywhere else for the same profile, and is kept across restarts, so
 * symbols show offline too.
 */
export const useTokenLabelStore = create<TokenLabelsState>()(
  persist(() => ({ byProfile: new Map() as ReadonlyMap<string, Labels> }), {
    name: 'intent-explorer.token-labels',
    storage: labelStorage,
  }),
)
