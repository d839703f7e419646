import { SEARCH_RESULT_CAP } from '@contract/service/constants'
import type { SvcError } from '@contract/errors'
import type { Shown } from '../../data/liveOrCached'
import type { SearchFilterKey } from './filters'
import { mergeHits, type SearchHit } from './hits'
import { offlineSearchFor } from './offlineFilter'
import type { Candidate } from './plan'
import { PREVIEWED_AS, type CandidateAnswer } from './searchQueries'

/**
 * What a search shows, from the answers of its SearchIntents calls so far: pure, so the
 * rules (rows as soon as one answer has some, the preview standing in for the owner
 * search, the cache answering for the service) are tested without a page.
 */

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: SvcError }
  | {
      status: 'done'
      from: 'service'
      hits: SearchHit[]
      failures: Array<{ as?: SearchFilterKey; error: SvcError }>
      fetchedAt: number
      /** Candidates whose answer has not arrived yet: rows are shown as each answer comes. */
      pending: Array<SearchFilterKey | undefined>
      /** The rows include the wallet's newest intents from a history page, until the owner search answers. */
      preview: boolean
      /** Calls whose answer reached the service's cap (`SEARCH_RESULT_CAP`): there may be more. */
      capped: Candidate[]
      /** Filters the service's answers show it did not apply (applied here instead). */
      ignoredFilters: string[]
    }
  | {
      status: 'done'
      from: 'cache'
      hits: SearchHit[]
      caveats: string[]
      /** The oldest fetch among the rows shown; undefined when nothing was found. */
      fetchedAt?: number
      more: boolean
      /** Why the service was not asked, when it was tried and could not be reached. */
      outage?: SvcError
    }

/** One call's state: its answer (kept while it runs again), its failure, or neither while it is out. */
export type CandidateOutcome = { answer?: Shown<CandidateAnswer>; error?: SvcError }

const oldest = (times: ReadonlyArray<number | undefined>): number | undefined => {
  const known = times.filter((t): t is number => t !== undefined)
  return known.length ? Math.min(...known) : undefined
}

/**
 * The search's state. Once one answer has rows (or all are in), the rows found, the
 * failures and which are still out; until then undefined (still loading): an empty
 * answer first would otherwise read as "nothing found". When any call was answered by
 * the cache (offline, or the service out of reach) the search reads as the cache's, with
 * `pages` (the "Load more" reading) in place of each cached first page.
 */
export function searchStateOf(
  list: readonly Candidate[],
  outcomes: readonly CandidateOutcome[],
  preview: readonly SearchHit[] | undefined,
  pages?: readonly CandidateAnswer[],
): SearchState | undefined {
  const failures: Extract<SearchState, { from: 'service' }>['failures'] = []
  const found: Array<{ as?: SearchFilterKey; hits: readonly SearchHit[] }> = []
  const pending: Array<SearchFilterKey | undefined> = []
  const cached: Array<Shown<CandidateAnswer>> = []
  const capped: Candidate[] = []
  let fetchedAt = 0
  outcomes.forEach(({ answer, error }, i) => {
    const candidate = list[i]
    if (answer?.fromCache) {
      const data = pages?.[i] ?? answer.data
      cached.push({ ...answer, data })
      found.push({ as: candidate.as, hits: data.hits })
    } else if (answer) {
      fetchedAt = Math.max(fetchedAt, answer.fetchedAt)
      found.push({ as: candidate.as, hits: answer.data.hits })
      if (answer.data.hits.length >= SEARCH_RESULT_CAP) capped.push(candidate)
    } else if (error) failures.push({ as: candidate.as, error })
    else pending.push(candidate.as)
  })
  // The preview stands in for the owner search only while that is out.
  const previewing = Boolean(preview?.length) && pending.includes(PREVIEWED_AS)
  if (previewing) found.unshift({ as: PREVIEWED_AS, hits: preview! })
  const hits = mergeHits(found)
  if (pending.length && !hits.length) return undefined
  if (!found.length) return { status: 'error', error: failures[0].error }
  if (cached.length)
    return {
      status: 'done',
      from: 'cache',
      hits,
      caveats: [...new Set(list.flatMap((c) => offlineSearchFor(c.request).caveats))],
      fetchedAt: oldest(cached.map((a) => a.data.oldestFetch)),
      more: cached.some((a) => a.data.next),
      outage: cached.find((a) => a.liveError)?.liveError,
    }
  const ignoredFilters = [...new Set(outcomes.flatMap((o) => (o.answer && !o.answer.fromCache ? (o.answer.data.ignoredFilters ?? []) : [])))]
  return { status: 'done', from: 'service', hits, failures, fetchedAt, pending, preview: previewing, capped, ignoredFilters }
}
