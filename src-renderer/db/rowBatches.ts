import Dexie from 'dexie'
import type { ExplorerDb } from './db'
import type { IntentRowRecord } from './records'

/**
 * Reads a profile's cached intent rows created at or after `fromMs`, oldest first, in
 * batches of `size`, paging by key (never by offset) so each read is as cheap as the
 * first and a caller can yield between batches. Resolves with the number of rows read.
 */
export async function readIntentRowBatches(
  db: ExplorerDb,
  profileId: string,
  fromMs: number | undefined,
  size: number,
  onBatch: (rows: IntentRowRecord[]) => void | Promise<void>,
  signal?: { aborted: boolean },
): Promise<number> {
  const index = db.intentRows.where('[profileId+createdAt+intentId]')
  const upper: [string, typeof Dexie.maxKey] = [profileId, Dexie.maxKey]
  let lower: unknown[] = [profileId, fromMs ?? -Infinity, Dexie.minKey]
  let inclusive = true
  let total = 0
  for (;;) {
    if (signal?.aborted) return total
    const rows = await index.between(lower, upper, inclusive, true).limit(size).toArray()
    if (!rows.length) return total
    total += rows.length
    await onBatch(rows)
    const last = rows[rows.length - 1]
    lower = [profileId, last.createdAt, last.intentId]
    inclusive = false
    if (rows.length < size) return total
  }
}
