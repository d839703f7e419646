import { useCallback } from 'react'
import { create } from 'zustand'
import { createJSONStorage, persist, type PersistStorage } from 'zustand/middleware'
import type { TokenMetadata } from '@contract/service'
import { useProfileId } from '../useServiceQuery'

import { tokenLabelKey as keyOf, type TokenLabel, type TokenLabels as Labels } from '../../lib/displaySources'

export { tokenLabel, type TokenLabel } from '../../lib/displaySources'

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
 * The one owner of token labels, keyed by profile. Intents name tokens only by address;
 * receipts and balances carry their symbol and decimals. What any answer taught us
 * labels amounts everywhere else for the same profile, and is kept across restarts, so
 * symbols show offline too.
 */
const useTokenLabelStore = create<TokenLabelsState>()(
  persist(() => ({ byProfile: new Map() as ReadonlyMap<string, Labels> }), {
    name: 'intent-explorer.token-labels',
    storage: labelStorage,
  }),
)

/** Reads the kept labels again (tests: as a restart would). */
export const reloadTokenLabels = (): Promise<void> | void => useTokenLabelStore.persist.rehydrate()

function merged(known: Labels, metas: ReadonlyArray<TokenMetadata | undefined>): Labels | null {
  let next: Map<string, TokenLabel> | null = null
  for (const m of metas) {
    if (!m?.tokenAddress || (m.symbol === undefined && m.decimals === undefined)) continue
    const key = keyOf(m.chainId, m.tokenAddress)
    const old = (next ?? known).get(key)
    if (old && old.symbol === m.symbol && old.decimals === m.decimals) continue
    next ??= new Map(known)
    next.set(key, { symbol: m.symbol, decimals: m.decimals, name: m.name, logoUri: m.logoUri })
  }
  return next
}

const NONE: Labels = new Map()

/** Records token metadata seen in one profile's answers (receipt summaries, edges, balances). */
export function learnTokens(profileId: string, metas: ReadonlyArray<TokenMetadata | undefined>): void {
  const { byProfile } = useTokenLabelStore.getState()
  const next = merged(byProfile.get(profileId) ?? NONE, metas)
  if (next) useTokenLabelStore.setState({ byProfile: new Map(byProfile).set(profileId, next) })
}

/** Forgets every label (tests start from nothing). */
export const forgetTokenLabels = (): void => {
  useTokenLabelStore.setState({ byProfile: new Map() })
}

/** One profile's labels, outside React. */
export const tokenLabelsOf = (profileId: string): Labels => useTokenLabelStore.getState().byProfile.get(profileId) ?? NONE

/** The active profile's labels. */
export function useTokenLabels(): Labels {
  const profileId = useProfileId()
  return useTokenLabelStore((s) => (profileId === undefined ? NONE : (s.byProfile.get(profileId) ?? NONE)))
}

/** `learnTokens` bound to the active profile. */
export function useLearnTokens(): (metas: ReadonlyArray<TokenMetadata | undefined>) => void {
  const profileId = useProfileId()
  return useCallback(
    (metas) => {
      if (profileId !== undefined) learnTokens(profileId, metas)
    },
    [profileId],
  )
}
