import { create } from 'zustand'
import { newerPrice, type KnownPrice } from '../lib/priceSource'

/** Tokens kept per profile: a few thousand prices at most, newest kept. */
const KEPT = 5000
const NONE: ReadonlyMap<string, KnownPrice> = new Map()

interface PriceBookState {
  byProfile: ReadonlyMap<string, ReadonlyMap<string, KnownPrice>>
  learn(profileId: string, prices: ReadonlyArray<readonly [string, Omit<KnownPrice, 'at'>]>, at: number): void
}

/** The price source of each profile (`lib/priceSource.ts`), filled from every service answer that states a price. */
export const usePriceBookStore = create<PriceBookState>()((set) => ({
  byProfile: new Map(),
  learn: (profileId, prices, at) => {
    if (!prices.length) return
    set((s) => {
      const book = new Map(s.byProfile.get(profileId) ?? NONE)
      for (const [key, p] of prices) book.set(key, newerPrice(book.get(key), { ...p, at }))
      while (book.size > KEPT) book.delete(book.keys().next().value!)
      return { byProfile: new Map(s.byProfile).set(profileId, book) }
    })
  },
}))

export const priceBookOf = (profileId: string | undefined): ReadonlyMap<string, KnownPrice> =>
  (profileId && usePriceBookStore.getState().byProfile.get(profileId)) || NONE

/** The profile's prices, live. */
export function usePriceBook(profileId: string | undefined): ReadonlyMap<string, KnownPrice> {
  return usePriceBookStore((s) => (profileId && s.byProfile.get(profileId)) || NONE)
}
