import type { Transaction } from 'dexie'
import type { IntentStatus, YieldBalances } from '@contract/service'
import { INTENT_OBJECT_STORES, routeFactOf, snapshotTotalUsd, storedKeys, toCachedRow, withIndexFields, type IntentRowRecord, type RouteFactRecord } from './records'

/**
 * Data upgrades between schema versions (declared in `schema.ts`). Each reads records as
 * the previous release wrote them and never drops one it does not understand. Derived
 * values (keys, tags, totals) are recomputed from the objects they derive from, so an
 * upgrade also repairs whatever the older release derived wrongly.
 */

/**
 * v1 -> v2: lookup keys move onto the stored objects, lower-cased; rows gain tags, a
 * lower-cased owner and the last recorded transition; snapshots gain `totalUsd`. The
 * `intentKeys` store is dropped by the schema once this has run.
 */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  for (const s of INTENT_OBJECT_STORES)
    await tx
      .table(s.store)
      .toCollection()
      .modify((record: { profileId: string; intentId: string; keys?: string[] } & Record<string, unknown>) => {
        record.keys = storedKeys(record.profileId, s.summarise(record)?.keys ?? [])
      })

  const lastTransition = new Map<string, IntentStatus>()
  // Primary key order is (profile, intent, seenAt): the last one per intent is the newest.
  await tx
    .table('transitions')
    .toCollection()
    .each((t: { profileId: string; intentId: string; status: IntentStatus }) => lastTransition.set(`${t.profileId}|${t.intentId}`, t.status))
  await tx
    .table('intentRows')
    .toCollection()
    .modify((row: IntentRowRecord, ref: { value: IntentRowRecord }) => {
      ref.value = withIndexFields(
        { ...toCachedRow(row), routeProviders: row.routeProviders ?? [] },
        row.profileId,
        row.baseUrl,
        lastTransition.get(`${row.profileId}|${row.intentId}`),
        [],
      )
    })

  await tx
    .table('balanceSnapshots')
    .toCollection()
    .modify((snap: { items?: unknown; totalUsd?: number }) => {
      if (Array.isArray(snap.items)) snap.totalUsd = snapshotTotalUsd(snap.items as YieldBalances[])
    })
}

/** Rows read and written per step of the v4 and v5 upgrades: bounded memory on a large cache. */
const CHUNK = 2_000

/** Calls `step` with the summary rows in primary key order, a chunk at a time. */
async function eachRowChunk(tx: Transaction, step: (rows: IntentRowRecord[]) => Promise<unknown>): Promise<void> {
  const rows = tx.table('intentRows')
  let after: unknown
  for (;;) {
    const chunk: IntentRowRecord[] = await (after === undefined ? rows.orderBy(':id') : rows.where(':id').above(after)).limit(CHUNK).toArray()
    if (!chunk.length) return
    await step(chunk)
    const last = chunk[chunk.length - 1]
    after = [last.profileId, last.intentId]
  }
}

/** v3 -> v4: every summary row gets its route-statistics record. */
export async function upgradeToV4(tx: Transaction): Promise<void> {
  await eachRowChunk(tx, (chunk) => tx.table('routeFacts').bulkPut(chunk.map((row): RouteFactRecord => routeFactOf(row))))
}

type ObjectRecord = { profileId: string; intentId: string; keys?: string[] } & Record<string, unknown>

/**
 * v4 -> v5: one lookup-key index instead of one per object store and another for tags.
 * Each summary row gets the keys of its intent's objects (derived afresh) and its tags as
 * one list, and loses the fields of the dropped indexes. The objects are not rewritten
 * (on a large cache that would be most of its bytes): the keys they still carry are no
 * longer indexed, an export leaves them out, and the next fetch of an object drops them.
 */
export async function upgradeToV5(tx: Transaction): Promise<void> {
  await eachRowChunk(tx, async (chunk) => {
    const ids = chunk.map((r) => [r.profileId, r.intentId])
    const objects = await Promise.all(INTENT_OBJECT_STORES.map((s) => tx.table(s.store).bulkGet(ids) as Promise<Array<ObjectRecord | undefined>>))
    const rows = chunk.map((row, n) => {
      const keys = INTENT_OBJECT_STORES.flatMap((s, i) => {
        const record = objects[i][n]
        return (record && s.summarise(record)?.keys) ?? []
      })
      const { tags, originKey, projectKey, ...v5 } = row as IntentRowRecord & { tags?: unknown; originKey?: unknown; projectKey?: unknown }
      return withIndexFields(toCachedRow(v5), row.profileId, row.baseUrl, row.lastTransitionStatus, keys)
    })
    // Provenance the index fields do not carry stays as it was.
    await tx.table('intentRows').bulkPut(rows.map((row, n) => ({ ...row, ...provenanceOf(chunk[n]) })))
  })
}

const provenanceOf = ({ importedKinds, fingerprints }: IntentRowRecord) => ({ ...(importedKinds && { importedKinds }), ...(fingerprints && { fingerprints }) })
