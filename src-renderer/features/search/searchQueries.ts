import type { QueryClient, UseQueryOptions } from '@tanstack/react-query'
import { checkSearchFilters } from '@contract/filterCheck'
import type { GetIntentHistoryRequest, IntentHistoryEntry, SearchIntentsRequest } from '@contract/service'
import { rowOfHistoryEntry, searchCachedIntents, type OfflineCursor } from '../../db'
import { queryKeys } from '../../data/keys'
import { answerLiveOrCached, bridgeCall, type Answer, type CachedHit } from '../../data/liveOrCached'
import { learnTokens } from '../../data/reference/tokens'
import { intentTokenMetadata } from '../../lib/intentRoute'
import { hitFromCachedRow, hitFromIntent, type SearchHit } from './hits'
import { offlineSearchFor } from './offlineFilter'
import type { Candidate } from './plan'

/**
 * The search's queries on the data layer: one per SearchIntents call of a plan, keyed
 * `[profileId, 'searchIntents', request]` and answered by `answerLiveOrCached` (live, or
 * the cache's first page on an outage or offline); the wallet preview; and the further
 * cache pages that "Load more" reads.
 */

/** Rows per cache page; the service answers SearchIntents whole. */
const CACHE_PAGE_SIZE = 100

/** Longest the full searches wait for the preview of a wallet's newest intents. */
const PREVIEW_HEAD_START_MS = 1000

/** What one SearchIntents call (or its cache reading) found. */
export interface CandidateAnswer {
  hits: SearchHit[]
  /** Read from the cache: where its next page starts, if there is one. */
  next?: OfflineCursor
  /** Read from the cache: the oldest fetch among the rows, undefined when none was found. */
  oldestFetch?: number
  /** Filters the service's answer shows it did not apply; `hits` has them applied here. */
  ignoredFilters?: string[]
}

/** A service answer as hits, with any filter it shows it ignored applied here and named. */
function checkedHits(request: SearchIntentsRequest, intents: Parameters<typeof checkSearchFilters>[1]): CandidateAnswer {
  const { rows, ignored } = checkSearchFilters(request, intents)
  return { hits: rows.map(hitFromIntent), ...(ignored.length > 0 && { ignoredFilters: ignored }) }
}

/** Reads `pages` cache pages of one candidate, a page at a time. */
async function readCachedCandidate(profileId: string, request: SearchIntentsRequest, pages = 1): Promise<CandidateAnswer> {
  const { filter } = offlineSearchFor(request)
  const hits: SearchHit[] = []
  let next: OfflineCursor | undefined
  let oldestFetch: number | undefined
  for (let read = 0; read < pages && (read === 0 || next); read++) {
    const page = await searchCachedIntents(profileId, filter, { limit: CACHE_PAGE_SIZE, after: next })
    for (const row of page.rows) {
      hits.push(hitFromCachedRow(row))
      oldestFetch = oldestFetch === undefined ? row.fetchedAt : Math.min(oldestFetch, row.fetchedAt)
    }
    next = page.next
  }
  return { hits, next, oldestFetch }
}

/** A cache reading always answers (an empty one says "nothing cached"); its age is in `oldestFetch`. */
const asCachedHit = (answer: CandidateAnswer): CachedHit<CandidateAnswer> => ({ data: answer, fetchedAt: answer.oldestFetch ?? 0 })

export interface SearchContext {
  profileId: string
  client: QueryClient
  /** Whether the next run reads the cache instead of asking the service. */
  offline(): boolean
}

/**
 * A first screen for a search by wallet. SearchIntents answers an owner whole, up to 500
 * full intents (some 4 MB to read, check, pass over the bridge and draw); the wallet's
 * newest 20 come from one small GetIntentHistory page, the call History makes, so they
 * show while the full answer is still on its way. The full answer then replaces them
 * (it holds them too).
 */

/** Rows of the first screen. */
const PREVIEW_ROWS = 20

/** The candidate a preview stands in for until its own answer arrives. */
export const PREVIEWED_AS = 'byOwnerAddress'

/** The history page that previews the universal box's owner search, if the plan has one. */
export function previewRequest(candidates: readonly Candidate[]): GetIntentHistoryRequest | undefined {
  const owner = candidates.find((c) => c.as === PREVIEWED_AS)
  const address = owner?.request.byOwnerAddress
  if (!address) return undefined
  return {
    byOwnerAddress: address,
    page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }], pageSize: PREVIEW_ROWS },
  }
}

/** The preview's rows; merged with the searches' answers (`mergeHits`), they read as found by owner. */
export const previewHits = (entries: readonly IntentHistoryEntry[], fetchedAt: number): SearchHit[] =>
  entries.flatMap((entry) => {
    const row = rowOfHistoryEntry(entry, fetchedAt)
    return row ? [hitFromCachedRow(row)] : []
  })

/** The wallet preview: the owner's newest intents from one history page, or none if that fails. */
export function previewQuery(ctx: SearchContext, candidates: readonly Candidate[]): UseQueryOptions<SearchHit[]> | undefined {
  const request = previewRequest(candidates)
  if (!request) return undefined
  return {
    queryKey: queryKeys.request(ctx.profileId, 'searchPreview', request),
    queryFn: async ({ signal }) => {
      const r = await bridgeCall('getIntentHistory', request, { signal, writeWhenIdle: true })
      // A failed preview changes nothing: the owner search answers on its own.
      return r.ok ? previewHits(r.value.data.intents, r.value.source.fetchedAt) : []
    },
  }
}

/**
 * One SearchIntents call of the plan. With a preview in the plan, the call goes out once
 * the preview is in (or has taken `PREVIEW_HEAD_START_MS`): the main process reads and
 * checks answers one at a time, and a 4 MB one would hold the small page up behind it.
 */
export function candidateQuery(ctx: SearchContext, candidate: Candidate, preview?: UseQueryOptions<SearchHit[]>): UseQueryOptions<Answer<CandidateAnswer>> {
  const { profileId, client } = ctx
  const headStart = () =>
    preview
      ? Promise.race([client.ensureQueryData(preview).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, PREVIEW_HEAD_START_MS))])
      : undefined
  return {
    queryKey: queryKeys.request(profileId, 'searchIntents', candidate.request),
    queryFn: ({ signal }) =>
      answerLiveOrCached(
        {
          live: async () => {
            await headStart()
            const r = await bridgeCall('searchIntents', candidate.request, { signal, writeWhenIdle: true })
            if (r.ok) learnTokens(profileId, r.value.data.intents.flatMap((intent) => intentTokenMetadata(intent)))
            return r
          },
          // Offline, an empty reading answers ("nothing cached"); after a failed call only cached rows stand in for it (the one fallback rule).
          cached: async () => {
            const answer = await readCachedCandidate(profileId, candidate.request)
            return ctx.offline() || answer.hits.length ? asCachedHit(answer) : undefined
          },
          shape: (data) => checkedHits(candidate.request, data.intents),
        },
        ctx.offline(),
        signal,
      ),
  }
}

/** Every candidate's first `pages` cache pages, for "Load more" (the first page comes with the candidate's own query). */
export function cachePagesQuery(profileId: string, candidates: readonly Candidate[], pages: number): UseQueryOptions<CandidateAnswer[]> {
  const requests = candidates.map((c) => c.request)
  return {
    queryKey: queryKeys.request(profileId, 'cachedSearch', { requests, pages }),
    queryFn: () => Promise.all(requests.map((r) => readCachedCandidate(profileId, r, pages))),
  }
}
