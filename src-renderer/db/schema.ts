import type Dexie from 'dexie'
import { upgradeToV2, upgradeToV4 } from './migrations'

export { DB_NAME } from './name'

/**
 * Every schema version ever shipped, oldest first. Dexie needs the old declarations to
 * upgrade a database an earlier release left on disk, so a shipped entry is never edited:
 * a change is a new version with an upgrade that carries the data across.
 *
 * Every primary key and every index starts with `profileId`, so data of two profiles
 * never mixes and a profile can be counted, exported or cleared by range. Intent lists
 * end their indexes with `createdAt+intentId`: that pair is the keyset cursor, and the
 * intent id breaks ties between intents created in the same millisecond.
 */
const VERSIONS: ReadonlyArray<{
  version: number
  stores: Record<string, string | null>
  upgrade?: Parameters<ReturnType<Dexie['version']>['upgrade']>[0]
}> = [
  {
    // v1: full service objects in their own stores, a summary per intent (`intentRows`)
    // and the offline search's lookup keys, as sent (`intentKeys`).
    version: 1,
    stores: {
      intents: '[profileId+intentId]',
      historyEntries: '[profileId+intentId]',
      receipts: '[profileId+intentId]',
      transitions: '[profileId+intentId+seenAt+status]',
      intentRows:
        '[profileId+intentId], [profileId+createdAt+intentId], [profileId+ownerKey+createdAt+intentId], [profileId+statusKey+createdAt+intentId], [profileId+originKey+createdAt+intentId]',
      intentKeys: '[profileId+intentId], *keys',
      chains: '[profileId+id]',
      markets: '[profileId+id]',
      balanceSnapshots: '[profileId+walletKey+fetchedAt], [profileId+fetchedAt]',
      earnPools: '[profileId+id]',
      watches: '[profileId+intentId]',
      notes: 'id, [profileId+intentId+createdAt]',
      bookmarks: '[profileId+intentId], [profileId+createdAt]',
      savedSearches: 'id, [profileId+view+createdAt]',
    },
  },
  {
    // v2: lookup keys move onto the stored objects, lower-cased (a multiEntry index costs
    // index entries, not a record per intent; a checksummed address missed its lower-case
    // form). Rows gain `tags` for free text and a project index; snapshots gain `totalUsd`.
    version: 2,
    stores: {
      intents: '[profileId+intentId], *keys',
      historyEntries: '[profileId+intentId], *keys',
      receipts: '[profileId+intentId], *keys',
      intentRows:
        '[profileId+intentId], [profileId+createdAt+intentId], [profileId+ownerKey+createdAt+intentId], [profileId+statusKey+createdAt+intentId], [profileId+originKey+createdAt+intentId], [profileId+projectKey+createdAt+intentId], *tags',
      intentKeys: null,
    },
    upgrade: upgradeToV2,
  },
  {
    // v3: history pages are staged whole and filed behind (`historyJournal.ts`); the key
    // ends with the entry count, so the waiting entries are counted from keys alone.
    version: 3,
    stores: {
      historyJournal: '[profileId+stagedAt+seq+size]',
    },
  },
  {
    // v4: route statistics read one small record per intent (`routeFacts`) instead of
    // the whole summary row; the upgrade derives them from the rows cached.
    version: 4,
    stores: {
      routeFacts: '[profileId+intentId]',
    },
    upgrade: upgradeToV4,
  },
]

export const SCHEMA_VERSION = VERSIONS[VERSIONS.length - 1].version

/** Declares the versions up to `upTo` (tests build databases as older releases left them). */
export function declareVersions(db: Dexie, upTo = SCHEMA_VERSION): void {
  for (const v of VERSIONS) {
    if (v.version > upTo) break
    const declared = db.version(v.version).stores(v.stores)
    if (v.upgrade) declared.upgrade(v.upgrade)
  }
}

interface StoreFacts {
  label: string
  /**
   * `fetched`: service data with its fetch time; `user`: what the person wrote or chose
   * (never refetchable, so never lost silently); `derived`: rebuilt from the fetched
   * intent stores, hence neither exported nor cleared on its own.
   */
  kind: 'fetched' | 'user' | 'derived'
  /** An index whose keys start with profileId: counts, clears and exports go by its ranges. */
  profileIndex: string
}

const STORE_FACTS = {
  intents: { label: 'Intents', kind: 'fetched', profileIndex: ':id' },
  historyEntries: { label: 'History entries', kind: 'fetched', profileIndex: ':id' },
  receipts: { label: 'Receipts', kind: 'fetched', profileIndex: ':id' },
  transitions: { label: 'Status transitions', kind: 'fetched', profileIndex: ':id' },
  chains: { label: 'Chains', kind: 'fetched', profileIndex: ':id' },
  markets: { label: 'Yield markets', kind: 'fetched', profileIndex: ':id' },
  balanceSnapshots: { label: 'Balance snapshots', kind: 'fetched', profileIndex: ':id' },
  earnPools: { label: 'Earn pools', kind: 'fetched', profileIndex: ':id' },
  watches: { label: 'Watches', kind: 'user', profileIndex: ':id' },
  notes: { label: 'Notes', kind: 'user', profileIndex: '[profileId+intentId+createdAt]' },
  bookmarks: { label: 'Bookmarks', kind: 'user', profileIndex: ':id' },
  savedSearches: { label: 'Saved searches', kind: 'user', profileIndex: '[profileId+view+createdAt]' },
  intentRows: { label: 'Search index', kind: 'derived', profileIndex: ':id' },
  routeFacts: { label: 'Route statistics index', kind: 'derived', profileIndex: ':id' },
} satisfies Record<string, StoreFacts>

export type StoreName = keyof typeof STORE_FACTS

export interface StoreInfo extends StoreFacts {
  name: StoreName
}

export const STORES: readonly StoreInfo[] = (Object.keys(STORE_FACTS) as StoreName[]).map((name) => ({ name, ...STORE_FACTS[name] }))
export const STORE_NAMES: readonly StoreName[] = STORES.map((s) => s.name)

export const storeInfo = (name: StoreName): StoreInfo => STORES.find((s) => s.name === name)!

/** Stores derived from the fetched intent stores (rebuilt with them, never exported). */
export const DERIVED_STORES: readonly StoreName[] = STORES.filter((s) => s.kind === 'derived').map((s) => s.name)

/** What an export file carries: everything but the derived search index. */
export const EXPORTABLE_STORES: readonly StoreName[] = STORES.filter((s) => s.kind !== 'derived').map((s) => s.name)
