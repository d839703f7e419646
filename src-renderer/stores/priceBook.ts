import { create } from 'zustand'
import { persist } from 'zustand/middleware'
import { newerPrice, type KnownPrice, type PriceBook } from '../lib/priceSource'
import { storageWrittenWhenIdle } from './storageWrittenWhenIdle'

/** Tokens kept per profile: a few thousand prices at most, newest kept. */
const KEPT = 5000
const NONE: PriceBook = new Map()

interface PriceBookState {
  byProfile: ReadonlyMap<string, PriceBook>
  learn(profileId: string, prices: ReadonlyArray<readonly [string, Omit<KnownPrice, 'at'>]>, at: number): void
}

const KINDS = new Set(['quote', 'balance', 'service'])

/** A stored price as it was written, or nothing (another version's or a hand-edited store loses only that price). */
function storedPrice(v: unknown): KnownPrice | undefined {
  if (!v || typeof v !== 'object') return undefined
  const p = v as Record<string, unknown>
  if (typeof p.usd !== 'number' || !Number.isFinite(p.usd) || p.usd < 0 || typeof p.at !== 'number' || !Number.isFinite(p.at) || !KINDS.has(p.from as string)) return undefined
  return { usd: p.usd, from: p.from as KnownPrice['from'], at: p.at, ...(typeof p.intentId === 'string' && { intentId: p.intentId }) }
}

/** Stored as `{ profileId: { key: price } }`; read back into maps, dropping whatever is not a price. */
function revive(raw: unknown): ReadonlyMap<string, PriceBook> {
  const out = new Map<string, PriceBook>()
  for (const [profileId, book] of Object.entries(raw && typeof raw === 'object' ? raw : {})) {
    if (!book || typeof book !== 'object') continue
    const prices = Object.entries(book as Record<string, unknown>).map(([key, v]) => [key, storedPrice(v)] as const)
    out.set(profileId, new Map(prices.filter((p): p is [string, KnownPrice] => p[1] !== undefined)))
  }
  return out
}

/** Maps are stored as objects (`{ profileId: { key: price } }`), when the book is written rather than at every change. */
const mapsAsObjects = (_key: string, value: unknown) => (value instanceof Map ? Object.fromEntries(value) : value)

/**
 * The price source of each profile (`lib/priceSource.ts`), filled from every service answer
 * that states a price. Kept in local storage per profile, so the prices (and their ages)
 * are there after a restart and offline; the newest price of a token wins.
 */
export const usePriceBookStore = create<PriceBookState>()(
  persist(
    (set) => ({
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
    }),
    {
      name: 'intent-explorer.price-book',
      version: 1,
      storage: storageWrittenWhenIdle({ replacer: mapsAsObjects }),
      partialize: (s) => ({ byProfile: s.byProfile }) as PriceBookState,
      merge: (persisted, current) => ({ ...current, byProfile: revive((persisted as { byProfile?: unknown } | undefined)?.byProfile) }),
    },
  ),
)

export const priceBookOf = (profileId: string | undefined): PriceBook => (profileId && usePriceBookStore.getState().byProfile.get(profileId)) || NONE

/** The profile's prices, live. */
export function usePriceBook(profileId: string | undefined): PriceBook {
  return usePriceBookStore((s) => (profileId && s.byProfile.get(profileId)) || NONE)
}
