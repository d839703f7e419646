import type { CachedIntentRow, OfflineIntentFilter } from '../../src-renderer/db'

/**
 * What the harness page (harness.ts) offers the benchmarks, as `window.bench`. Shared
 * by both sides so `page.evaluate` calls are typed.
 */

/**
 * `app`: through the cache layer; `raw`: the entries, plain puts; `schema`: the app's records,
 * plain puts; `floor`: the entries with numeric lookup keys in one index, plain puts.
 */
export type IngestMode = 'app' | 'raw' | 'schema' | 'floor'

export interface IngestRun {
  mode: IngestMode
  /** Wall time of the writes alone: opening and deleting the database are left out. */
  ms: number
  /** For `app`: until every entry is also filed for offline search (the journal's second step); else `ms`. */
  filedMs: number
  /** For `app`: from the first page handed over until the last entry is found by id, hash, owner and free text; else `ms`. */
  searchableMs: number
  entries: number
}

export type LookupKind = 'byId' | 'byHash' | 'byOwner' | 'combined' | 'text'

export interface LookupQuery {
  kind: LookupKind
  filter: OfflineIntentFilter
  limit: number
}

export type LookupRow = Pick<CachedIntentRow, 'intentId' | 'owner' | 'status' | 'originChainId' | 'createdAt'>

export interface LookupTiming {
  kind: LookupKind
  ms: number
  rows: LookupRow[]
}

/** One computation of the route statistics through the app's store (its worker), with the page's frames meanwhile. */
export interface RouteStatsRun {
  /** From the request to the statistics arriving on the page. */
  ms: number
  /** Cached intents the statistics cover. */
  rows: number
  routes: number
  /** Every requestAnimationFrame interval on the page during the computation, ms. */
  frames: number[]
}

export interface BenchHarness {
  /** Fetches history pages 0..count-1 from the bench server into memory; untimed. */
  loadPages(count: number): Promise<number>
  /** Writes the loaded pages into a fresh database named `dbName`, then deletes it. */
  ingest(mode: IngestMode, dbName: string): Promise<IngestRun>
  /**
   * Writes history pages 0..pages-1 through the app's cache into its own database, and
   * optionally switches the app to "work offline"; returns the cached intent count.
   */
  populate(o: { pages: number; profileId: string; baseUrl: string; offline: boolean }): Promise<number>
  /** Runs each query through the app's offline search, one after another, timing each. */
  lookups(profileId: string, queries: LookupQuery[]): Promise<LookupTiming[]>
  /** Computes the route statistics over everything cached for the profile, as the Routes view asks for them. */
  routeStats(profileId: string): Promise<RouteStatsRun>
}

declare global {
  interface Window {
    bench: BenchHarness
  }
}
