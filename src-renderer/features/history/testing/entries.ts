import type { IntentHistoryEntry, IntentStatus } from '@contract/service'

/** History entries for tests, shaped like the service's (normalised) answers. */

export const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'
export const WETH = '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'
export const OWNER = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'

let counter = 0

export interface EntryOptions {
  intentId?: string
  status?: IntentStatus
  createdAt?: string
  startedAt?: string
  finishedAt?: string
  originAmount?: string
  originToken?: { address: string; symbol: string; decimals: number }
  providers?: unknown[]
  balances?: IntentHistoryEntry['balances']
  hasBalance?: boolean
}

export function makeEntry(o: EntryOptions = {}): IntentHistoryEntry {
  const n = ++counter
  const intentId = o.intentId ?? `0x${n.toString(16).padStart(64, '0')}`
  const token = o.originToken ?? { address: USDC, symbol: 'USDC', decimals: 6 }
  const createdAt = o.createdAt ?? '2026-11-01T10:00:00.000Z'
  return {
    intentId,
    status: o.status ?? 'SUCCEEDED',
    createdAt,
    updatedAt: createdAt,
    expiresAt: '2026-11-01T10:10:00.000Z',
    hasBalance: o.hasBalance,
    balances: o.balances,
    receipt: {
      id: n,
      projectId: 7,
      intentId,
      status: o.status ?? 'SUCCEEDED',
      ownerAddress: OWNER,
      originChainId: 1,
      destinationChainId: 8453,
      originTransaction: { txnHash: `0x${'ab'.repeat(32)}`, statusReason: o.status === 'FAILED' ? 'execution reverted' : undefined },
      summary: {
        intentId,
        ownerAddress: OWNER,
        originChainId: 1,
        destinationChainId: 8453,
        routeProviders: o.providers ?? ['RELAY'],
        originTokenAddress: token.address,
        originTokenAmount: o.originAmount ?? '1500000',
        quotedOriginTokenAmount: o.originAmount ?? '1500000',
        originTokenMetadata: { chainId: 1, tokenAddress: token.address, symbol: token.symbol, decimals: token.decimals },
        destinationTokenAddress: USDC,
        destinationTokenAmount: '1490000',
        destinationTokenMetadata: { chainId: 8453, tokenAddress: USDC, symbol: 'USDC', decimals: 6 },
        createdAt,
        startedAt: o.startedAt,
        finishedAt: o.finishedAt,
      },
      createdAt,
    },
  }
}

/** A balance of one token at one intent address. */
export function balance(o: { chainId?: number; token?: string; symbol?: string; decimals?: number; raw: string; usd?: string; price?: string }) {
  return {
    intentAddress: '0x9999999999999999999999999999999999999999',
    chainId: o.chainId ?? 1,
    tokens: [
      {
        contractAddress: o.token ?? USDC,
        balance: o.raw,
        balanceUsd: o.usd,
        priceUsd: o.price,
        decimals: o.decimals ?? 6,
        chainId: o.chainId ?? 1,
        symbol: o.symbol ?? 'USDC',
      },
    ],
  }
}
