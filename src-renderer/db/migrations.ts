import type { Transaction } from 'dexie'
import type { IntentStatus, YieldBalances } from '@contract/service'
import { INTENT_OBJECT_STORES, routeFactOf, snapshotTotalUsd, storedKeys, toCachedRow, withIndexFields, type IntentRowRecord, type RouteFactRecord } from './records'

/**
 * Data upgrades between schema versions (declared in `schema.ts`). Each reads records as
 * the previous release wrote them and never drops one it does not understand. Derived
 * values (keys, tags, totals) are recomputed from the objects they derive from, so an
 * upgrade also repairs whatever the older release derived wrongly.
 */

/** v1 -> v2 (see `schema.ts`); the `intentKeys` store is dropped by the schema once this has run. */
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
      )
    })

  await tx
    .table('balanceSnapshots')
    .toCollection()
    .modify((snap: { items?: unknown; totalUsd?: number }) => {
      if (Array.isArray(snap.items)) snap.totalUsd = snapshotTotalUsd(snap.items as YieldBalances[])
    })
}

/** Rows read and facts written per step of the v4 upgrade: bounded memory on a large cache. */
const V4_CHUNK = 2_000

/** v3 -> v4: every summary row gets its route-statistics record. */
export async function upgradeToV4(tx: Transaction): Promise<void> {
  const rows = tx.table('intentRows')
  const facts = tx.table('routeFacts')
  let after: unknown
  for (;;) {
    const chunk: IntentRowRecord[] = await (after === undefined ? rows.orderBy(':id') : rows.where(':id').above(after)).limit(V4_CHUNK).toArray()
    if (!chunk.length) return
    await facts.bulkPut(chunk.map((row): RouteFactRecord => routeFactOf(row)))
    const last = chunk[chunk.length - 1]
    after = [last.profileId, last.intentId]
  }
}
