/** What the cache reports about itself (a failed write, entries waiting to be filed); the shell subscribes and shows it. */
export type CacheActivity =
  | { kind: 'writeError'; store: string; message: string; at: number }
  | { kind: 'unindexed'; count: number }

type Listener = (activity: CacheActivity) => void

const listeners = new Set<Listener>()
let lastError: Extract<CacheActivity, { kind: 'writeError' }> | undefined
let unindexed = 0

function emit(activity: CacheActivity): void {
  for (const listener of listeners) listener(activity)
}

export function reportWriteError(store: string, message: string): void {
  lastError = { kind: 'writeError', store, message, at: Date.now() }
  emit(lastError)
}

export function reportUnindexed(count: number): void {
  unindexed = count
  emit({ kind: 'unindexed', count })
}

/**
 * Calls `listener` on every report from now on, after telling it the current count and
 * any failure reported before it subscribed (the cache may load and write before the
 * shell listens). Returns the unsubscribe function.
 */
export function onCacheActivity(listener: Listener): () => void {
  listeners.add(listener)
  if (lastError) listener(lastError)
  listener({ kind: 'unindexed', count: unindexed })
  return () => listeners.delete(listener)
}
