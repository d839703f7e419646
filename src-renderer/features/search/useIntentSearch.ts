import { useCallback, useEffect, useRef, useState } from 'react'
import type { SvcError } from '@contract/errors'
import { cacheHistoryPage, cacheIntents, searchCachedIntents, type OfflineCursor } from '../../db'
import { call } from '../../data/call'
import { intentTokenMetadata } from '../../lib/intentRoute'
import { isOfflineMode, useCacheStatus, useFilingFinished, useOfflineMode } from '../../stores/cache'
import { activeProfile, OUTAGE_KINDS, useConnection } from '../../stores/connection'
import { useLearnTokens } from '../../data/reference/tokens'
import type { SearchFilterKey } from './filters'
import { hitFromCachedRow, hitFromIntent, mergeHits, type SearchHit } from './hits'
import { offlineSearchFor } from './offlineFilter'
import { previewHits, previewRequest, PREVIEWED_AS } from './preview'
import type { Candidate, SearchPlan } from './plan'

/** Rows per cache page; the service answers SearchIntents whole. */
export const CACHE_PAGE_SIZE = 100

export interface CandidateFailure {
  as?: SearchFilterKey
  error: SvcError
}

/** What one candidate has read from the cache so far, and where its next page starts. */
interface CachePage {
  as?: SearchFilterKey
  next?: OfflineCursor
  hits: SearchHit[]
  /** The oldest fetch among its rows. */
  fetchedAt?: number
}

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: SvcError }
  | {
      status: 'done'
      from: 'service'
      hits: SearchHit[]
      failures: CandidateFailure[]
      fetchedAt: number
      /** Candidates whose answer has not arrived yet: rows are shown as each answer comes. */
      pending: Array<SearchFilterKey | undefined>
      /** The rows include the wallet's newest intents from a history page, until the owner search answers. */
      preview: boolean
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

const oldest = (times: ReadonlyArray<number | undefined>): number | undefined => {
  const known = times.filter((t): t is number => t !== undefined)
  return known.length ? Math.min(...known) : undefined
}

/** Reads the first page of every candidate, or the next page of those that have one. */
function readCache(profileId: string, candidates: Candidate[], pages?: CachePage[]): Promise<CachePage[]> {
  return Promise.all(
    candidates.map(async (c, i) => {
      const before = pages?.[i]
      if (before && !before.next) return before
      const { filter } = offlineSearchFor(c.request)
      const page = await searchCachedIntents(profileId, filter, { limit: CACHE_PAGE_SIZE, after: before?.next })
      return {
        as: c.as,
        next: page.next,
        hits: [...(before?.hits ?? []), ...page.rows.map(hitFromCachedRow)],
        fetchedAt: oldest([before?.fetchedAt, ...page.rows.map((r) => r.fetchedAt)]),
      }
    }),
  )
}

type ServiceAnswer = Awaited<ReturnType<typeof call<'searchIntents'>>>

/** Longest the full searches wait for the preview of a wallet's newest intents. */
const PREVIEW_HEAD_START_MS = 1000

/** Runs `work` when the window is idle (at the latest after a second). */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 1000 })
  else setTimeout(work, 0)
}

/**
 * What the answers so far show: once one has rows (or all are in), the rows found, the
 * failures, and which are still out. Until then undefined (still loading): an empty
 * answer first would otherwise read as "nothing found".
 */
function serviceState(
  list: readonly Candidate[],
  answers: ReadonlyArray<ServiceAnswer | undefined>,
  preview: SearchHit[] | undefined,
): SearchState | undefined {
  const failures: CandidateFailure[] = []
  const found: Array<{ as?: SearchFilterKey; hits: SearchHit[] }> = []
  const pending: Array<SearchFilterKey | undefined> = []
  let fetchedAt = 0
  answers.forEach((r, i) => {
    const as = list[i].as
    if (!r) pending.push(as)
    else if (!r.ok) failures.push({ as, error: r.error })
    else {
      fetchedAt = Math.max(fetchedAt, r.value.source.fetchedAt)
      found.push({ as, hits: r.value.data.intents.map(hitFromIntent) })
    }
  })
  // The preview stands in for the owner search only while that is out.
  const previewing = Boolean(preview?.length) && list.some((c, i) => !answers[i] && c.as === PREVIEWED_AS)
  if (previewing) found.unshift({ as: PREVIEWED_AS, hits: preview! })
  const hits = mergeHits(found)
  if (pending.length && !hits.length) return undefined
  if (!found.length) return { status: 'error', error: failures[0].error }
  return { status: 'done', from: 'service', hits, failures, fetchedAt, pending, preview: previewing }
}

/**
 * Runs a search plan: every candidate against the service in parallel, rows shown as
 * soon as one answer has some (the rest merge in as they arrive), answers written
 * through to the cache once the window is idle. In offline mode, or when the service cannot be reached, the same
 * filters run against the cache, a page at a time; `retry` asks the service again unless
 * the person chose to work offline, and so does the service coming back within reach.
 * Answers to an older plan are dropped.
 */
export function useIntentSearch(plan: SearchPlan): SearchState & { retry(): void; loadMore(): void } {
  const forcedOffline = useCacheStatus((s) => s.forcedOffline)
  const profileId = useConnection((s) => activeProfile(s.info)?.id)
  const learn = useLearnTokens()
  const candidates = plan.mode === 'universal' || plan.mode === 'filters' ? plan.candidates : null
  const key = candidates ? JSON.stringify(candidates) : null
  // The state of the search the answer belongs to; another key's state reads as loading.
  const [held, setHeld] = useState<{ key: string | null; state: SearchState }>({ key: null, state: { status: 'idle' } })
  const [nonce, setNonce] = useState(0)
  const seq = useRef(0)
  const pages = useRef<CachePage[]>([])
  /** Pages past the first were read ("Load more"): a re-read would take them away. */
  const readMore = useRef(false)
  const askService = useRef(false)

  const fromCache = useCallback(
    async (mine: number, forKey: string, list: Candidate[], outage?: SvcError, more = false) => {
      const settle = (state: SearchState) => mine === seq.current && setHeld({ key: forKey, state })
      if (!profileId) return settle({ status: 'error', error: outage ?? { kind: 'Internal', message: 'The app is still starting; try again in a moment.' } })
      try {
        const read = await readCache(profileId, list, more ? pages.current : undefined)
        if (mine !== seq.current) return
        pages.current = read
        settle({
          status: 'done',
          from: 'cache',
          hits: mergeHits(read),
          caveats: [...new Set(list.flatMap((c) => offlineSearchFor(c.request).caveats))],
          fetchedAt: oldest(read.map((p) => p.fetchedAt)),
          more: read.some((p) => p.next),
          outage,
        })
      } catch (e) {
        settle({ status: 'error', error: { kind: 'Internal', message: `The cache could not be searched: ${e instanceof Error ? e.message : String(e)}` } })
      }
    },
    [profileId],
  )

  useEffect(() => {
    if (!key) return
    const list = JSON.parse(key) as Candidate[]
    const mine = ++seq.current
    pages.current = []
    readMore.current = false
    setHeld({ key, state: { status: 'loading' } })
    const viaService = askService.current ? !forcedOffline : !isOfflineMode()
    askService.current = false
    if (!viaService) {
      void fromCache(mine, key, list)
      return
    }
    const answers: Array<ServiceAnswer | undefined> = list.map(() => undefined)
    let preview: SearchHit[] | undefined
    const show = () => {
      const state = serviceState(list, answers, preview)
      if (state) setHeld({ key, state })
    }
    const previewing = previewRequest(list)
    const previewed = previewing
      ? call('getIntentHistory', previewing).then((r) => {
          // A failed preview changes nothing: the owner search answers on its own.
          if (mine !== seq.current || !r.ok) return
          preview = previewHits(r.value.data.intents, r.value.source.fetchedAt, PREVIEWED_AS)
          whenIdle(() => void cacheHistoryPage(r.value.source, r.value.data.intents))
          show()
        })
      : Promise.resolve()
    // The full searches go out once the preview is in (or has taken too long): the main
    // process reads and checks answers one at a time, and a 4 MB one would hold the small
    // page up behind it.
    const searching = Promise.race([previewed, new Promise((resolve) => setTimeout(resolve, PREVIEW_HEAD_START_MS))])
    list.forEach((c, i) => {
      void searching.then(() => call('searchIntents', c.request)).then((r) => {
        if (mine !== seq.current) return
        answers[i] = r
        if (!r.ok && OUTAGE_KINDS.has(r.error.kind)) {
          // The service is out of reach: the cache answers the whole plan, once.
          seq.current++
          return void fromCache(seq.current, key, list, r.error)
        }
        if (r.ok) {
          const intents = r.value.data.intents
          learn(intents.flatMap((intent) => intentTokenMetadata(intent)))
          // Written through once the rows are on screen: 500 intents and their lookup
          // keys would otherwise hold up the render they belong to.
          whenIdle(() => void cacheIntents(r.value.source, intents))
        }
        show()
      })
    })
  }, [key, forcedOffline, nonce, fromCache, learn])

  const state: SearchState = !key ? { status: 'idle' } : held.key === key ? held.state : { status: 'loading' }
  const retry = useCallback(() => {
    askService.current = true
    setNonce((n) => n + 1)
  }, [])

  // Back online: results read from the cache while the service was out of reach are asked of it again.
  const offline = useOfflineMode()
  const wasOffline = useRef(offline)
  useEffect(() => {
    const back = wasOffline.current && !offline
    wasOffline.current = offline
    if (back && state.status === 'done' && state.from === 'cache') retry()
  }, [offline, state, retry])
  const loadMore = useCallback(() => {
    if (!key || state.status !== 'done' || state.from !== 'cache' || !state.more) return
    readMore.current = true
    void fromCache(seq.current, key, JSON.parse(key) as Candidate[], state.outage, true)
  }, [key, state, fromCache])

  // Entries staged by "load all" become searchable once filed: read the first page again,
  // in place (no loading state), unless the person has paged on.
  useFilingFinished(() => {
    if (!key || state.status !== 'done' || state.from !== 'cache' || readMore.current) return
    void fromCache(++seq.current, key, JSON.parse(key) as Candidate[], state.outage)
  })

  return { ...state, retry, loadMore }
}
