import type { SvcError } from '@contract/errors'
import type { GetIntentHistoryRequest, IntentHistoryEntry } from '@contract/service'
import type { CachedHit } from '../../data/liveOrCached'
import { historyLive, type ListPage, type PagedSource } from '../../data/paging'
import {
  PROJECT_FILTER_CAVEAT,
  readHistoryEntries,
  SCHEMA_VERSION,
  searchCachedIntents,
  storageErrorMessage,
  takeFirstPageEarly,
  type CachedIntentRow,
  type EarlyRow,
  type OfflineCursor,
  type OfflineIntentFilter,
} from '../../db'
import type { HistoryQuery, HistoryViewSettings } from './filters'

/**
 * History read from the cache, with the same filters as far as the cache can apply
 * them. The cache keeps a summary row per intent (owner, status, chains, tokens,
 * project, creation time, providers) plus the full history entries fetched earlier;
 * filters it cannot apply are named in `caveats` and shown next to the list.
 */

export function offlineHistoryFor(query: HistoryQuery, settings: HistoryViewSettings) {
  const caveats: string[] = []
  const addresses = [...(query.byParticipantAddresses ?? []), ...(query.byEdgeAddress ? [query.byEdgeAddress] : [])]
  const terms = [query.bySwapProvider, query.byBridgeProvider, query.byEdgeRail].filter(Boolean)
  const filter: OfflineIntentFilter = {
    order: settings.order === 'ASC' ? 'asc' : 'desc',
    owner: query.byOwnerAddress || undefined,
    statuses: query.byStatuses?.length ? query.byStatuses : undefined,
    originChainId: query.originChainId,
    destinationChainId: query.destinationChainId,
    originTokenAddress: query.originTokenAddress || undefined,
    destinationTokenAddress: query.destinationTokenAddress || undefined,
    projectId: query.byProjectId,
    fromTime: query.fromTime === undefined ? undefined : query.fromTime * 1000,
    // Whole seconds: "at or before 12:00:00" includes 12:00:00.999.
    toTime: query.toTime === undefined ? undefined : query.toTime * 1000 + 999,
    address: addresses[0],
    text: terms.length ? terms.join(' ') : undefined,
  }
  if (query.byProjectId !== undefined) caveats.push(PROJECT_FILTER_CAVEAT)
  if (addresses.length > 1)
    caveats.push(`Only the first address (${addresses[0]}) is applied: the cache looks up one participant or edge address at a time.`)
  else if (query.byEdgeAddress) caveats.push('The edge address is matched in any role (owner, recipient, intent or edge address).')
  if (query.bySwapProvider || query.byBridgeProvider)
    caveats.push('Providers are matched in any role: the cache does not record which provider swapped and which bridged.')
  if (query.byEdgeRail) caveats.push('The edge rail is matched as a word of the cached intent.')
  if (query.byEdgeMode) caveats.push('The edge direction filter is not applied: the cache does not record it.')
  if (query.byIntentProtocol) caveats.push('The intent protocol filter is not applied: the cache does not record it.')
  if (settings.sort === 'id') caveats.push('Entries are ordered by creation time: the cache does not keep the service’s ids in order.')
  if (query.includeBalances || query.onlyRecoverable)
    caveats.push('Balances are as they were when each entry was fetched.')
  // `onlyRecoverable` is applied to the cached entries themselves (`hasBalance`), after the row search.
  return { filter, caveats, onlyRecoverable: query.onlyRecoverable === true }
}

/** A history entry for an intent the cache knows only from its summary row. */
function entryFromRow(row: CachedIntentRow): IntentHistoryEntry {
  const iso = (ms: number | undefined) => (ms ? new Date(ms).toISOString() : undefined)
  const token = (chainId?: number, tokenAddress?: string, symbol?: string, decimals?: number) =>
    symbol !== undefined || decimals !== undefined ? { chainId, tokenAddress, symbol, decimals } : undefined
  return {
    intentId: row.intentId,
    status: row.status,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
    receipt: {
      intentId: row.intentId,
      projectId: row.projectId,
      status: row.status,
      ownerAddress: row.owner,
      originChainId: row.originChainId,
      destinationChainId: row.destinationChainId,
      summary: {
        intentId: row.intentId,
        ownerAddress: row.owner,
        originChainId: row.originChainId,
        destinationChainId: row.destinationChainId,
        routeProviders: row.routeProviders,
        originTokenAddress: row.originTokenAddress,
        originTokenAmount: row.originTokenAmount,
        originTokenMetadata: token(row.originChainId, row.originTokenAddress, row.originTokenSymbol, row.originTokenDecimals),
        destinationTokenAddress: row.destinationTokenAddress,
        destinationTokenAmount: row.destinationTokenAmount,
        destinationTokenMetadata: token(
          row.destinationChainId,
          row.destinationTokenAddress,
          row.destinationTokenSymbol,
          row.destinationTokenDecimals,
        ),
        createdAt: iso(row.createdAt),
        expiresAt: iso(row.expiresAt),
        startedAt: iso(row.startedAt),
        finishedAt: iso(row.finishedAt),
      },
    },
  }
}

/** The cached entry as it was stored; a row without one is rebuilt from the summary. */
const entryOf = (row: CachedIntentRow, stored: { entry: IntentHistoryEntry; fetchedAt: number } | undefined) => ({
  entry: stored?.entry ?? entryFromRow(row),
  fetchedAt: stored?.fetchedAt ?? row.fetchedAt,
})

/** Whether the list is the whole cache newest first: the one whose first page may have been read at start-up. */
const isNewestFirst = ({ filter, onlyRecoverable }: ReturnType<typeof offlineHistoryFor>) =>
  !onlyRecoverable && filter.order === 'desc' && Object.values(filter).filter((v) => v !== undefined).length === 1

/** The first page from the rows read at start-up (`takeFirstPageEarly`), as the search below would make it. */
function earlyPage(rows: readonly EarlyRow[], pageSize: number): CachedHit<ListPage<IntentHistoryEntry>> {
  const shown = rows.slice(0, pageSize).map(({ row, stored }) => entryOf(row, stored))
  const last = rows[pageSize - 1]?.row
  const next: OfflineCursor | undefined = rows.length > pageSize && last ? { createdAt: last.createdAt, intentId: last.intentId } : undefined
  const fetchedAt = shown.length ? Math.min(...shown.map((e) => e.fetchedAt)) : 0
  return { data: { items: shown.map((e) => e.entry), next }, fetchedAt }
}

/**
 * One page of the list from the cache, by the cache's own cursor (undefined for the first
 * page). With "only recoverable", rows are read on until a page of entries that hold funds
 * is full. `fetchedAt` is the oldest entry's (0 for an empty page). A cache that cannot be
 * read is an `Internal` error naming the cache.
 */
export async function readCachedPage(
  profileId: string,
  query: HistoryQuery,
  settings: HistoryViewSettings,
  cursor: OfflineCursor | undefined,
  pageSize: number,
): Promise<CachedHit<ListPage<IntentHistoryEntry>>> {
  const offline = offlineHistoryFor(query, settings)
  const { filter, onlyRecoverable } = offline
  const early = cursor === undefined ? takeFirstPageEarly(profileId, pageSize, SCHEMA_VERSION) : undefined
  const earlyRows = early && isNewestFirst(offline) ? await early : undefined
  if (earlyRows) return earlyPage(earlyRows, pageSize)
  const entries: IntentHistoryEntry[] = []
  let oldest: number | undefined
  let after = cursor
  try {
    do {
      const { rows, next } = await searchCachedIntents(profileId, filter, { limit: pageSize - entries.length, after })
      const stored = await readHistoryEntries(profileId, rows.map((r) => r.intentId))
      for (const { entry, fetchedAt } of rows.map((row, i) => entryOf(row, stored[i]))) {
        if (onlyRecoverable && entry.hasBalance !== true) continue
        entries.push(entry)
        oldest = Math.min(oldest ?? fetchedAt, fetchedAt)
      }
      after = next
    } while (after && entries.length < pageSize)
  } catch (error) {
    const failure: SvcError = { kind: 'Internal', operation: 'cache', message: `The offline cache could not be read: ${storageErrorMessage(error)}` }
    throw failure
  }
  return { data: { items: entries, next: after }, fetchedAt: oldest ?? 0 }
}

/**
 * Where History's pages come from, for the paging hook: the service (each page written
 * through to the cache) or, offline and on an outage, the cache with the same filters as
 * far as it can apply them, by cursors of its own.
 */
export function historySource(profileId: string, request: GetIntentHistoryRequest, settings: HistoryViewSettings): PagedSource<IntentHistoryEntry> {
  const { page, ...query } = request
  return {
    live: historyLive(query, page),
    cached: (cursor, pageSize) => readCachedPage(profileId, query, settings, cursor as OfflineCursor | undefined, pageSize),
  }
}
