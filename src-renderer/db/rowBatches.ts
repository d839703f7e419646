import Dexie from 'dexie'
import type { ExplorerDb } from './db'
import type { RouteFactRecord } from './records'

/**
 * Reads a profile's route-statistics records created at or after `fromMs`, in batches of
 * at most `size`, by primary key (statistics need no time order; each read is as cheap as
 * the first). The next read is asked for before the caller handles a batch, so the two
 * overlap. Resolves with the number of records passed on.
 */
export async function readRouteFactBatches(
  db: ExplorerDb,
  profileId: string,
  fromMs: number | undefined,
  size: number,
  onBatch: (facts: RouteFactRecord[]) => void | Promise<void>,
  signal?: { aborted: boolean },
): Promise<number> {
  const upper: [string, typeof Dexie.maxKey] = [profileId, Dexie.maxKey]
  const read = (lower: [string, unknown], inclusive: boolean) =>
    db.routeFacts.where(':id').between(lower, upper, inclusive, true).limit(size).toArray()
  let pending = read([profileId, Dexie.minKey], true)
  let total = 0
  for (;;) {
    const facts = await pending
    if (signal?.aborted || !facts.length) return total
    const full = facts.length === size
    if (full) pending = read([profileId, facts[facts.length - 1].intentId], false)
    const kept = fromMs === undefined ? facts : facts.filter((f) => f.createdAt >= fromMs)
    total += kept.length
    if (kept.length) await onBatch(kept)
    if (!full) return total
  }
}
