import { create } from 'zustand'
import type { ChainInfo } from '@contract/service'
import { call } from '../lib/call'
import { cacheModule } from '../db/lazy'

interface ChainsState {
  byId: ReadonlyMap<number, ChainInfo>
  status: 'idle' | 'loading' | 'ready' | 'failed'
  /** Loads all chains once; the names, symbols and explorers feed every other view. */
  ensure(): Promise<void>
  set(chains: ChainInfo[]): void
}

export const useChains = create<ChainsState>()((set, get) => ({
  byId: new Map(),
  status: 'idle',
  ensure: async () => {
    if (get().status === 'loading' || get().status === 'ready') return
    set({ status: 'loading' })
    const r = await call('getChains', {})
    if (!r.ok) return set({ status: 'failed' })
    get().set(r.value.data.chains)
    // Kept for offline start-ups, when names and explorer links must come from the cache.
    await (await cacheModule()).cacheChains(r.value.source, r.value.data.chains)
  },
  set: (chains) => set({ byId: new Map(chains.map((c) => [c.id, c])), status: 'ready' }),
}))

export const chainName = (byId: ReadonlyMap<number, ChainInfo>, id: number | undefined): string =>
  id === undefined ? '—' : (byId.get(id)?.name ?? `Chain ${id}`)

/** Explorer link for a transaction or address, when the service told us the chain's explorer. */
export function explorerUrl(
  byId: ReadonlyMap<number, ChainInfo>,
  chainId: number | undefined,
  kind: 'tx' | 'address',
  value: string,
): string | undefined {
  const base = chainId === undefined ? undefined : byId.get(chainId)?.blockExplorer?.url
  if (!base) return undefined
  return `${base.replace(/\/+$/, '')}/${kind}/${value}`
}
