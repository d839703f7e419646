import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { storageWrittenWhenIdle } from './storageWrittenWhenIdle'

interface ProviderCodesState {
  /** Learnt codes per profile, sorted. */
  byProfile: Readonly<Record<string, readonly string[]>>
}

/**
 * Route provider codes learnt per profile, kept across restarts. `data/reference/providerCodes.ts`
 * is its one owner: it decides what is learnt and from where.
 */
export const useProviderCodeStore = create<ProviderCodesState>()(
  persist(() => ({ byProfile: {} }), {
    name: 'intent-explorer.provider-codes',
    version: 1,
    storage: storageWrittenWhenIdle(),
    // Version 0 kept one list for every profile: which service taught each code is unknown, so it starts afresh.
    migrate: () => ({ byProfile: {} }),
  }),
)
