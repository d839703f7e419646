import type { DataSource } from '@contract/app'
import type { Intent, IntentHistoryEntry, IntentReceipt, IntentStatus } from '@contract/service'
import { onCacheActivity, type CacheActivity } from './activity'
import { openExplorerDb, setExplorerDb, type ExplorerDb } from './db'
import { flushHistoryJournal } from './historyJournal'
import { cacheHistoryPage } from './writeThrough'

/**
 * Deterministic service objects for the cache's tests, already in the normalised shape
 * the bridge delivers (amounts as decimal strings, ids and chain ids as numbers).
 */

export const T0 = Date.UTC(2024, 0, 1)
export const MINUTE = 60_000

let dbCounter = 0

/** A new, empty database that the repository functions use until the next call. */
export function freshDb(): ExplorerDb {
  const db = openExplorerDb(`test-cache-${++dbCounter}-${Math.random().toString(36).slice(2)}`)
  setExplorerDb(db)
  return db
}

export const source = (profileId = 'p1', fetchedAt = T0 + 1000 * MINUTE, baseUrl = `http://${profileId}.test`): DataSource => ({
  profileId,
  baseUrl,
  simulated: true,
  fetchedAt,
})

/** `0x` + `bytes` bytes of hex derived from a label and a number: stable, distinct, lower case. */
export function hex(label: string, n: number, bytes = 32): string {
  let h = 0x811c9dc5
  for (const c of `${label}:${n}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0
  let out = ''
  while (out.length < bytes * 2) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 0
    out += h.toString(16).padStart(8, '0')
  }
  return `0x${out.slice(0, bytes * 2)}`
}

export const intentIdOf = (n: number) => hex('intent', n)
export const ownerOf = (n: number) => hex('owner', n, 20)

export interface FakeOptions {
  status?: IntentStatus
  owner?: string
  originChainId?: number
  destinationChainId?: number
  projectId?: number
  createdAt?: number
  symbol?: string
  memo?: string
  /** Leave out destination and refund legs (an intent still on its way). */
  pending?: boolean
}

const iso = (ms: number) => new Date(ms).toISOString()

export function fakeReceipt(n: number, o: FakeOptions = {}): IntentReceipt {
  const createdAt = o.createdAt ?? T0 + n * MINUTE
  const origin = o.originChainId ?? 1
  const destination = o.destinationChainId ?? 42161
  const owner = o.owner ?? ownerOf(n % 50)
  const leg = (name: string, chainId: number, minedAfter: number) => ({
    id: n * 10 + minedAfter,
    intentId: intentIdOf(n),
    chainId,
    fromAddress: owner,
    toAddress: hex(`to-${name}`, n, 20),
    tokenAddress: hex('token', chainId, 20),
    tokenAmount: '1234567890123456789012',
    txnHash: hex(`tx-${name}`, n),
    txnMinedAt: iso(createdAt + minedAfter * 1000),
    createdAt: iso(createdAt + minedAfter * 500),
  })
  return {
    id: n,
    projectId: o.projectId ?? n % 3,
    intentId: intentIdOf(n),
    status: o.status ?? 'SUCCEEDED',
    ownerAddress: owner,
    originChainId: origin,
    destinationChainId: destination,
    depositTransaction: leg('deposit', origin, 10),
    originTransaction: leg('origin', origin, 20),
    ...(o.pending ? {} : { destinationTransaction: leg('destination', destination, 30) }),
    summary: {
      intentId: intentIdOf(n),
      ownerAddress: owner,
      originChainId: origin,
      destinationChainId: destination,
      routeProviders: ['AUTO', 'RELAYX'],
      originIntentAddress: hex('origin-intent', n, 20),
      originTokenAddress: hex('token', origin, 20),
      originTokenAmount: '1500000',
      originTokenMetadata: { chainId: origin, tokenAddress: hex('token', origin, 20), symbol: o.symbol ?? 'USDC', decimals: 6 },
      destinationIntentAddress: hex('destination-intent', n, 20),
      destinationTokenAddress: hex('token', destination, 20),
      destinationTokenAmount: '1490000',
      destinationTokenMetadata: { chainId: destination, tokenAddress: hex('token', destination, 20), symbol: o.symbol ?? 'USDC', decimals: 6 },
      destinationToAddress: owner,
      createdAt: iso(createdAt),
      expiresAt: iso(createdAt + 10 * MINUTE),
      startedAt: iso(createdAt + 5000),
      ...(o.pending ? {} : { finishedAt: iso(createdAt + 40_000) }),
      ...(o.memo ? { memo: o.memo } : {}),
    },
    createdAt: iso(createdAt),
    updatedAt: iso(createdAt + 40_000),
  }
}

export function fakeEntry(n: number, o: FakeOptions = {}): IntentHistoryEntry {
  const receipt = fakeReceipt(n, o)
  return {
    intentId: intentIdOf(n),
    status: receipt.status,
    expiresAt: receipt.summary!.expiresAt,
    receipt,
    createdAt: receipt.createdAt,
    updatedAt: receipt.updatedAt,
    hasBalance: true,
    balances: [{ intentAddress: hex('origin-intent', n, 20), chainId: receipt.originChainId, tokens: [] }],
  }
}

export function fakeIntent(n: number, o: FakeOptions = {}): Intent {
  const createdAt = o.createdAt ?? T0 + n * MINUTE
  return {
    id: n,
    projectId: o.projectId ?? n % 3,
    intentId: intentIdOf(n),
    status: o.status ?? 'QUOTED',
    ownerAddress: o.owner ?? ownerOf(n % 50),
    originChainId: o.originChainId ?? 1,
    destinationChainId: o.destinationChainId ?? 42161,
    originTokenAddress: hex('token', o.originChainId ?? 1, 20),
    destinationTokenAddress: hex('token', o.destinationChainId ?? 42161, 20),
    originIntentAddress: hex('origin-intent', n, 20),
    destinationIntentAddress: hex('destination-intent', n, 20),
    quoteRequest: { originTokenAmount: '1500000', destinationToAddress: o.owner ?? ownerOf(n % 50) },
    quote: { routeProviders: ['AUTO'], fromAmount: '1500000', toAmount: '1490000' },
    depositTransaction: { toAddress: hex('origin-intent', n, 20), amount: '1500000', decimals: 6, chainId: o.originChainId ?? 1 },
    createdAt: iso(createdAt),
    expiresAt: iso(createdAt + 10 * MINUTE),
  }
}

/** Caches a history page and files it for search at once, as the journal does when staging goes quiet. */
export async function cacheHistoryFiled(src: DataSource, entries: IntentHistoryEntry[]): Promise<void> {
  await cacheHistoryPage(src, entries)
  await flushHistoryJournal()
}

/** What the cache has reported (`activity.ts`) since the last `reset()`, as the shell would see it. */
export const reported = (() => {
  const r = {
    lastWriteError: undefined as Extract<CacheActivity, { kind: 'writeError' }> | undefined,
    unindexed: 0,
    /** Every backlog count reported since the last reset, in order. */
    unindexedCounts: [] as number[],
    reset() {
      r.lastWriteError = undefined
      r.unindexedCounts = []
    },
  }
  onCacheActivity((a) => {
    if (a.kind === 'writeError') r.lastWriteError = a
    else {
      r.unindexed = a.count
      r.unindexedCounts.push(a.count)
    }
  })
  return r
})()
