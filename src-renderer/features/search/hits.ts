import type { Intent, ReportedStatus } from '@contract/service'
import type { CachedIntentRow } from '../../db'
import { parseTime } from '../../lib/format'
import { intentRoute, type RouteLeg } from '../../lib/intentRoute'
import { providerCodes } from '@contract/historyEntry'
import type { SearchFilterKey } from './filters'

/**
 * One line of the results table, from a service answer (a full Intent) or from the
 * cache (its summary row), with the universal-box filters that found it.
 */
export interface SearchHit {
  /** The intent id, lower-cased: one line per intent however many filters found it. */
  key: string
  intentId: string
  status?: ReportedStatus
  /** epoch ms */
  createdAt?: number
  owner?: string
  from: RouteLeg
  to: RouteLeg
  /** USD value of what was sent, when the quote said. */
  usd?: number
  providers: string[]
  matchedAs: SearchFilterKey[]
}

export function hitFromIntent(intent: Intent, index: number): SearchHit {
  const intentId = intent.intentId ?? ''
  return {
    key: intentId.toLowerCase() || `#${intent.id ?? index}`,
    intentId,
    status: intent.status,
    createdAt: parseTime(intent.createdAt),
    owner: intent.ownerAddress ?? intent.quoteRequest?.ownerAddress,
    ...intentRoute(intent),
    usd: intent.quote?.fromAmountUsd,
    providers: providerCodes(intent.quote?.routeProviders),
    matchedAs: [],
  }
}

export function hitFromCachedRow(row: CachedIntentRow): SearchHit {
  return {
    key: row.intentId.toLowerCase(),
    intentId: row.intentId,
    status: row.status,
    createdAt: row.createdAt || undefined,
    owner: row.owner,
    from: {
      chainId: row.originChainId,
      tokenAddress: row.originTokenAddress,
      amount: row.originTokenAmount,
      symbol: row.originTokenSymbol,
      decimals: row.originTokenDecimals,
    },
    to: {
      chainId: row.destinationChainId,
      tokenAddress: row.destinationTokenAddress,
      amount: row.destinationTokenAmount === '0' ? undefined : row.destinationTokenAmount,
      symbol: row.destinationTokenSymbol,
      decimals: row.destinationTokenDecimals,
    },
    providers: row.routeProviders,
    matchedAs: [],
  }
}

/**
 * Merges the answers of several candidate searches: each intent once, in the order first
 * seen, with every filter that found it.
 */
export function mergeHits(answers: ReadonlyArray<{ as?: SearchFilterKey; hits: readonly SearchHit[] }>): SearchHit[] {
  const byKey = new Map<string, SearchHit>()
  for (const answer of answers)
    for (const hit of answer.hits) {
      const known = byKey.get(hit.key)
      if (!known) byKey.set(hit.key, { ...hit, matchedAs: answer.as ? [answer.as] : [] })
      else if (answer.as && !known.matchedAs.includes(answer.as)) known.matchedAs.push(answer.as)
    }
  return [...byKey.values()]
}
