import type { Table } from 'dexie'
import type { IntentStatus } from '@contract/service'
import type { ExplorerDb, TransitionRecord } from './db'
import { fingerprintOf, fingerprintOfRecord } from './fingerprint'
import {
  INTENT_OBJECT_STORES,
  mergeRow,
  routeFactOf,
  sourceTime,
  statusTransitions,
  storedKeys,
  type FetchMeta,
  type IntentRowRecord,
  type IntentSource,
  type SummaryPart,
} from './records'

/**
 * Stores full intent objects (intents, history entries, receipts) with their lookup keys
 * and keeps the summary rows in step. Callers run these inside their own read-write
 * transaction, so an object and its row are stored together or not at all.
 */

const sourceTable = (db: ExplorerDb, kind: IntentSource): Table =>
  db.table(INTENT_OBJECT_STORES.find((s) => s.kind === kind)!.store)

/**
 * Longest an unchanged object goes without being written again (the db README): a
 * support session's back-and-forth repeats within a minute, and an age offline is off by
 * less than the minute it is written in.
 */
export const UNCHANGED_KEPT_MS = 60_000

/**
 * Whether this object is the one the cache already holds, stored a short while ago from
 * the same service: its fingerprint matches and nothing imported needs replacing.
 */
function unchangedSince(before: IntentRowRecord | undefined, kind: IntentSource, fingerprint: string, meta: FetchMeta): boolean {
  const stored = before?.sources[kind]
  if (!before || stored === undefined || meta.imported || before.importedKinds?.length) return false
  if (before.fingerprints?.[kind] !== fingerprint || before.baseUrl !== meta.baseUrl) return false
  return meta.fetchedAt >= stored && meta.fetchedAt - stored < UNCHANGED_KEPT_MS
}

type Item = { part: SummaryPart; record: object; fingerprint: string }

/**
 * Stores full objects of one kind and folds each into its intent's summary row. An object
 * older than the cached one is not stored but still fills gaps in the row; one unchanged
 * (`unchangedSince`) is not written at all: write cost, not size, bounds ingestion.
 */
async function ingestIntentObjects(db: ExplorerDb, kind: IntentSource, meta: FetchMeta, items: readonly Item[]): Promise<void> {
  if (!items.length) return
  const ids = [...new Set(items.map((i) => i.part.intentId))]
  const rows = await db.intentRows.bulkGet(ids.map((id): [string, string] => [meta.profileId, id]))
  const row = new Map<string, IntentRowRecord | undefined>(ids.map((id, n) => [id, rows[n]]))
  const objects = new Map<string, object>()
  const transitions: TransitionRecord[] = []
  const changed = new Set<string>()

  // In order, so an intent listed twice in one answer ends as it would after two writes.
  for (const { part, record, fingerprint } of items) {
    const id = part.intentId
    const before = row.get(id)
    if (unchangedSince(before, kind, fingerprint, meta)) continue
    changed.add(id)
    // A live answer replaces an imported copy whatever its time (`sourceTime`).
    const stores = sourceTime(before, kind, meta) <= meta.fetchedAt
    if (stores) objects.set(id, { ...record, keys: storedKeys(meta.profileId, part.keys) })
    const moves = statusTransitions(before, part.fields.status, meta.fetchedAt, meta)
    for (const m of moves) transitions.push({ profileId: meta.profileId, baseUrl: meta.baseUrl, intentId: id, ...m })
    const after = mergeRow(before, part, kind, meta)
    if (moves.length) after.lastTransitionStatus = moves[moves.length - 1].status
    const fingerprints = stores ? { ...before?.fingerprints, [kind]: fingerprint } : before?.fingerprints
    if (fingerprints) after.fingerprints = fingerprints
    row.set(id, after)
  }
  if (!changed.size) return

  const rowsAfter = [...changed].map((id) => row.get(id)!)
  await Promise.all([
    sourceTable(db, kind).bulkPut([...objects.values()]),
    db.intentRows.bulkPut(rowsAfter),
    db.routeFacts.bulkPut(rowsAfter.map(routeFactOf)),
    transitions.length ? db.transitions.bulkPut(transitions) : undefined,
  ])
}

/**
 * Summarises service objects of one kind and stores them, with their rows, in one
 * read-write transaction of its own; objects that name no intent are skipped.
 */
export async function storeIntentObjects<T>(
  db: ExplorerDb,
  kind: IntentSource,
  meta: FetchMeta,
  objects: readonly T[],
  summarise: (o: T) => SummaryPart | undefined,
  record: (o: T, intentId: string, meta: FetchMeta) => object,
): Promise<void> {
  const items = objects.flatMap((o) => {
    const part = summarise(o)
    return part ? [{ part, record: record(o, part.intentId, meta), fingerprint: fingerprintOf(kind, o) }] : []
  })
  if (!items.length) return
  await db.transaction('rw', [sourceTable(db, kind), db.intentRows, db.routeFacts, db.transitions], () => ingestIntentObjects(db, kind, meta, items))
}

/** Tables `rebuildIntentIndex` reads and writes. */
export const rebuildTables = (db: ExplorerDb): Table[] => [db.intents, db.historyEntries, db.receipts, db.intentRows, db.routeFacts]

const REBUILD_CHUNK = 500

/**
 * Derives the summary rows of these intents afresh from the full objects still cached
 * (after an import, or after a source store was cleared); an intent with no object left
 * loses its row. `lastTransitions` names the newest transition status of intents whose
 * transitions were just written (an import); others keep what their row knew.
 */
export async function rebuildIntentIndex(
  db: ExplorerDb,
  profileId: string,
  intentIds: readonly string[],
  lastTransitions: ReadonlyMap<string, IntentStatus> = new Map(),
): Promise<void> {
  for (let at = 0; at < intentIds.length; at += REBUILD_CHUNK) {
    const chunk = intentIds.slice(at, at + REBUILD_CHUNK)
    const keys = chunk.map((id): [string, string] => [profileId, id])
    const [previous, ...sources] = await Promise.all([
      db.intentRows.bulkGet(keys),
      ...INTENT_OBJECT_STORES.map((s) => db.table(s.store).bulkGet(keys) as Promise<Array<(FetchMeta & { intentId: string } & Record<string, unknown>) | undefined>>),
    ])
    const rows: IntentRowRecord[] = []
    const gone: [string, string][] = []
    chunk.forEach((intentId, n) => {
      const parts = INTENT_OBJECT_STORES.flatMap((s, i) => {
        const record = sources[i][n]
        const part = record && s.summarise(record)
        // Objects are keyed by the id they were cached under; the row stays there.
        return part ? [{ kind: s.kind, meta: record, part: { ...part, intentId } }] : []
      }).sort((a, b) => a.meta.fetchedAt - b.meta.fetchedAt)
      let row: IntentRowRecord | undefined
      const fingerprints: IntentRowRecord['fingerprints'] = {}
      for (const { kind, meta, part } of parts) {
        row = mergeRow(row, part, kind, { profileId, baseUrl: meta.baseUrl, fetchedAt: meta.fetchedAt, ...(meta.imported && { imported: true }) })
        fingerprints[kind] = fingerprintOfRecord(kind, meta)
      }
      if (row) row.fingerprints = fingerprints
      const lastTransition = lastTransitions.get(intentId) ?? previous[n]?.lastTransitionStatus
      if (row) rows.push(lastTransition ? { ...row, lastTransitionStatus: lastTransition } : row)
      else gone.push(keys[n])
    })
    await Promise.all([
      db.intentRows.bulkPut(rows),
      db.routeFacts.bulkPut(rows.map(routeFactOf)),
      gone.length ? db.intentRows.bulkDelete(gone) : undefined,
      gone.length ? db.routeFacts.bulkDelete(gone) : undefined,
    ])
  }
}
