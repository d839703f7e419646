import { useCallback, useEffect, useRef, useState } from 'react'
import { cacheInventory, estimateStorage, storageErrorMessage, type CachedProfile, type StorageEstimate, type StoreInventory } from '../../db'

export interface Inventory {
  profiles: CachedProfile[]
  stores: StoreInventory[]
  storage: StorageEstimate
}

export type InventoryState =
  | { status: 'loading'; previous?: Inventory }
  | { status: 'ok'; inventory: Inventory }
  | { status: 'error'; message: string; previous?: Inventory }

/** What the cache holds, counted afresh on mount and after every change the view makes. */
export function useCacheInventory(): InventoryState & { reload(): void } {
  const [state, setState] = useState<InventoryState>({ status: 'loading' })
  const [nonce, setNonce] = useState(0)
  const seq = useRef(0)

  useEffect(() => {
    const mine = ++seq.current
    setState((s) => ({ status: 'loading', previous: s.status === 'ok' ? s.inventory : s.previous }))
    Promise.all([cacheInventory(), estimateStorage()]).then(
      ([inv, storage]) => mine === seq.current && setState({ status: 'ok', inventory: { ...inv, storage } }),
      (e: unknown) =>
        mine === seq.current &&
        setState((s) => ({ status: 'error', message: storageErrorMessage(e), previous: s.status === 'loading' ? s.previous : undefined })),
    )
  }, [nonce])

  const reload = useCallback(() => setNonce((n) => n + 1), [])
  return { ...state, reload }
}

export const shownInventory = (s: InventoryState): Inventory | undefined => (s.status === 'ok' ? s.inventory : s.previous)
