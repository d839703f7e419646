import type {
  ChainInfo,
  GetEarnPoolsResponse,
  Intent,
  IntentHistoryEntry,
  IntentReceipt,
  IntentStatus,
} from '@contract/service'
import { explorerDb, prefixRange } from './db'
import { unindexedEntry } from './historyJournal'
import { inWorkerOr } from './workerClient'

/** Offline reads of single objects and reference lists; every one scoped by profile. */

export async function readIntent(profileId: string, intentId: string): Promise<{ intent: Intent; fetchedAt: number } | undefined> {
  const r = await explorerDb().intents.get([profileId, intentId])
  return r && { intent: r.intent, fetchedAt: r.fetchedAt }
}

const pick = <T extends object, K extends keyof T>(from: T | undefined, ...keys: K[]) => from && (Object.fromEntries(keys.map((k) => [k, from[k]])) as Pick<T, K>)

/** What pricing reads of a cached intent: its tokens and its quote's amounts in tokens and USD (`quotePrices`, lib/priceSource.ts). */
const quoteFieldsOf = (i: Intent) => ({
  ...pick(i, 'intentId', 'originChainId', 'originTokenAddress', 'destinationChainId', 'destinationTokenAddress'),
  quote: pick(i.quote, 'fromAmount', 'fromAmountUsd', 'toAmount', 'toAmountUsd'),
  quoteRequest: pick(i.quoteRequest, 'originChainId', 'originTokenAddress', 'destinationChainId', 'destinationTokenAddress'),
  depositTransaction: pick(i.depositTransaction, 'decimals'),
})

export type QuoteFields = ReturnType<typeof quoteFieldsOf>

/** `readQuotedIntents` in this thread (the cache worker's, or the page's when it has none). */
export async function readQuotedHere(profileId: string, intentIds: readonly string[], others: number): Promise<QuoteFields[]> {
  const table = explorerDb().intents
  const [own, more] = await Promise.all([
    table.bulkGet(intentIds.map((id) => [profileId, id])),
    others > 0 ? prefixRange(table, ':id', profileId).limit(others).toArray() : Promise.resolve([]),
  ])
  const byId = new Map<string, QuoteFields>()
  for (const r of [...more, ...own]) if (r?.intent.quote) byId.set(r.intentId, quoteFieldsOf(r.intent))
  return [...byId.values()]
}

/**
 * Cached intents for pricing: those of the ids given (in one read of the store) and up to
 * `others` more of the profile's, whichever the store holds first. Only intents with a
 * quote are returned, and of each only what pricing reads (`QuoteFields`): read in the
 * cache worker, the window receives a few fields per intent instead of copying whole
 * intents (500 of them were megabytes to allocate and collect on every read).
 */
export const readQuotedIntents = (profileId: string, intentIds: readonly string[], others: number): Promise<QuoteFields[]> =>
  inWorkerOr({ op: 'quotes', profileId, intentIds: [...intentIds], others }, () => readQuotedHere(profileId, intentIds, others))

type Fetched<K extends string, T> = { [key in K]: T } & { fetchedAt: number }

/** The copy to show of two: the later fetch, but a live one beats an imported one whatever the times. */
const preferredCopy = <T extends { fetchedAt: number; imported?: true }>(a: T | undefined, b: T | undefined): T | undefined =>
  a && b ? ((a.imported ? !b.imported || b.fetchedAt > a.fetchedAt : !b.imported && b.fetchedAt > a.fetchedAt) ? b : a) : (a ?? b)

/** A stored copy with its time, and whether it came from an imported file. */
const copyOf = <K extends string, T>(key: K, value: T, r: { fetchedAt: number; imported?: true }) =>
  ({ [key]: value, fetchedAt: r.fetchedAt, ...(r.imported && { imported: true as const }) }) as Fetched<K, T> & { imported?: true }

/** The newest cached entry, including one fetched moments ago and not yet filed. */
export async function readHistoryEntry(profileId: string, intentId: string): Promise<Fetched<'entry', IntentHistoryEntry> | undefined> {
  return (await readHistoryEntries(profileId, [intentId]))[0]
}

/** `readHistoryEntry` for many intents, in one read of the store, in the order given. */
export async function readHistoryEntries(
  profileId: string,
  intentIds: readonly string[],
): Promise<Array<Fetched<'entry', IntentHistoryEntry> | undefined>> {
  const rows = await explorerDb().historyEntries.bulkGet(intentIds.map((id) => [profileId, id]))
  return rows.map((r, i) => preferredCopy(r && copyOf('entry', r.entry, r), unindexedEntry(profileId, intentIds[i])))
}

/** The newest receipt known: a receipt fetch, or the one inside a history entry. */
export async function readReceipt(profileId: string, intentId: string): Promise<Fetched<'receipt', IntentReceipt> | undefined> {
  const db = explorerDb()
  const [own, entry] = await db.transaction('r', [db.receipts, db.historyEntries], () =>
    Promise.all([db.receipts.get([profileId, intentId]), db.historyEntries.get([profileId, intentId])]),
  )
  const staged = preferredCopy(entry && copyOf('entry', entry.entry, entry), unindexedEntry(profileId, intentId))
  const fromEntry = staged?.entry.receipt && copyOf('receipt', staged.entry.receipt, staged)
  return preferredCopy(own && copyOf('receipt', own.receipt, own), fromEntry)
}

/** Statuses seen for the intent, oldest first. */
export async function readTransitions(profileId: string, intentId: string): Promise<Array<{ status: IntentStatus; seenAt: number }>> {
  const rows = await prefixRange(explorerDb().transitions, ':id', profileId, intentId).toArray()
  return rows.map(({ status, seenAt }) => ({ status, seenAt }))
}

/**
 * Every chain cached for the profile. `fetchedAt` is the oldest fetch among them: the
 * list as a whole is at least that old.
 */
export async function readChains(profileId: string): Promise<{ chains: ChainInfo[]; fetchedAt: number } | undefined> {
  const rows = await prefixRange(explorerDb().chains, ':id', profileId).toArray()
  if (!rows.length) return undefined
  return { chains: rows.map((r) => r.chain), fetchedAt: Math.min(...rows.map((r) => r.fetchedAt)) }
}

/** The cached pools as one answer; `cached: true` because that is what it now is. */
export async function readEarnPools(profileId: string): Promise<{ response: GetEarnPoolsResponse; fetchedAt: number } | undefined> {
  const rows = await prefixRange(explorerDb().earnPools, ':id', profileId).toArray()
  if (!rows.length) return undefined
  const newest = rows.reduce((a, b) => (b.fetchedAt > a.fetchedAt ? b : a))
  return {
    response: { pools: rows.map((r) => r.pool), timestamp: newest.timestamp, cached: true },
    fetchedAt: Math.min(...rows.map((r) => r.fetchedAt)),
  }
}
