/**
 * The browser's storage budget for the app (navigator.storage). Without persistence the
 * browser may evict the cache under disk pressure; asking for it is the person's call.
 */

export interface StorageEstimate {
  supported: boolean
  /** bytes used by this origin, all storage kinds */
  usage?: number
  /** bytes this origin may use */
  quota?: number
  /** bytes used by IndexedDB, where the browser breaks usage down (Chromium) */
  indexedDb?: number
  persisted?: boolean
}

/** Chromium adds a per-kind breakdown the standard type does not declare. */
type EstimateWithDetails = { usage?: number; quota?: number; usageDetails?: { indexedDB?: number } }

const storage = (): StorageManager | undefined => globalThis.navigator?.storage

export async function estimateStorage(): Promise<StorageEstimate> {
  const s = storage()
  if (!s?.estimate) return { supported: false }
  const [estimate, persisted] = await Promise.all([s.estimate() as Promise<EstimateWithDetails>, s.persisted?.()])
  return {
    supported: true,
    usage: estimate.usage,
    quota: estimate.quota,
    indexedDb: estimate.usageDetails?.indexedDB,
    persisted,
  }
}

export async function requestPersistentStorage(): Promise<'granted' | 'denied' | 'unsupported'> {
  const s = storage()
  if (!s?.persist) return 'unsupported'
  return (await s.persist()) ? 'granted' : 'denied'
}
