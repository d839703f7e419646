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

/** Offline reads of single objects and reference lists; every one scoped by profile. */

export async function readIntent(profileId: string, intentId: string): Promise<{ intent: Intent; fetchedAt: number } | undefined> {
  const r = await explorerDb().intents.get([profileId, intentId])
  return r && { intent: r.intent, fetchedAt: r.fetchedAt }
}

/**
 * Cached intents for pricing: those of the ids given (in one read of the store) and up to
 * `others` more of the profile's, whichever the store holds first. Only intents with a
 * quote are returned: the quote is what they are read for.
 */
export async function readQuotedIntents(profileId: string, intentIds: readonly string[], others: number): Promise<Intent[]> {
  const table = explorerDb().intents
  const [own, more] = await Promise.all([
    table.bulkGet(intentIds.map((id) => [profileId, id])),
    others > 0 ? prefixRange(table, ':id', profileId).limit(others).toArray() : Promise.resolve([]),
  ])
  const byId = new Map<string, Intent>()
  for (const r of [...more, ...own]) if (r?.intent.quote) byId.set(r.intentId, r.intent)
  return [...byId.values()]
}

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
