import { useCallback } from 'react'
import type { TokenMetadata } from '@contract/service'
import { useProfileId } from '../useServiceQuery'
import { tokenLabelKey as keyOf, type TokenLabel, type TokenLabels as Labels } from '../../lib/displaySources'
import { useTokenLabelStore } from '../../stores/tokenLabels'

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

/** One profile's labels, outside React. */
export const tokenLabelsOf = (profileId: string): Labels => useTokenLabelStore.getState().byProfile.get(profileId) ?? NONE

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
