import { useEffect, useMemo, useRef, useState } from 'react'
import { useCacheRead } from '../../data/useCacheRead'
import { useSetBookmarked } from '../../data/notes'
import type { AppInfo } from '@contract/app'
import type { SvcError } from '@contract/errors'
import type { Intent, IntentReceipt, ReportedStatus } from '@contract/service'
import { knownStatus } from '@contract/service/constants'
import { isHash32 } from '@contract/formats'
import type { WatchState } from '@contract/watch'
import { isBookmarked, listNotes, readTransitions } from '../../db'
import { formatAge, formatDateTime } from '../../lib/format'
import { intentTokenMetadata } from '../../lib/intentRoute'
import { MIN_SAMPLES, routeExpectation, type Expectation } from '../../lib/routeStats'
import { DEFINITIONS } from '../../lib/outcomes'
import { useNow } from '../../lib/useNow'
import type { LoadState } from '../../data/useServiceQuery'
import { useRouteBaseline } from '../../data/routeBaseline'
import { useChainsById } from '../../lib/displaySources'
import { useLearnTokens, useTokenLabels } from '../../data/reference/tokens'
import { activeProfile, useConnection } from '../../stores/connection'
import { useOfflineMode } from '../../stores/cache'
import { caseKey, useCases } from '../../stores/attentionCases'
import { useWatch } from '../watch'
import { caseSummary } from './caseSummary'
import { customerAnswer, executionStartedAt, heldValue, quoteExpectation, type AnswerInput } from './customerAnswer'
import { usePriceBook } from '../../stores/priceBook'
import { pricedHowText, type ValuedSum } from '../../lib/priceSource'
import { failureReason, receiptSteps } from './receiptSteps'
import { makeTokenLookup } from './tokenLookup'
import { useHeldBalances, type HeldBalances } from './useHeldBalances'
import { useIntent } from './useIntent'
import { useReceipt } from './useReceipt'

/** What the page body shows besides the cards: nothing yet, a wait, or why there is no intent. */
type IntentPhase = 'noId' | 'loading' | 'notFound' | 'uncached' | 'error' | 'shown'

/**
 * The status the page shows: a live watch of this profile hears of a new status before a
 * refetch would, then the intent's, then the receipt's.
 */
export function shownStatus(
  watch: Pick<WatchState, 'profileId' | 'status'> | undefined,
  profileId: string | undefined,
  intent: Intent | undefined,
  receipt: IntentReceipt | undefined,
): ReportedStatus | undefined {
  return (watch?.profileId === profileId ? watch?.status : undefined) ?? intent?.status ?? receipt?.status
}

/** Which of the page's states applies; an error with an intent still on screen shows the intent. */
export function intentPhase(intentId: string, query: Pick<LoadState<Intent>, 'status'> & { error?: SvcError }, hasIntent: boolean): IntentPhase {
  if (!intentId) return 'noId'
  if (query.status === 'error' && query.error?.kind === 'NotFound' && !hasIntent) return 'notFound'
  if (query.status === 'uncached') return 'uncached'
  if ((query.status === 'loading' || query.status === 'idle') && !hasIntent) return 'loading'
  if (query.status === 'error') return 'error'
  return 'shown'
}

/** Where the balances behind the answer came from, when they matter to it. */
export function answerNote(held: HeldBalances): string | undefined {
  if (held.fetchedAt === undefined) return undefined
  return `Balances at the intent's addresses ${held.fromCache ? 'from the cached history entry' : 'from the service'}, ${formatDateTime(held.fetchedAt)}.`
}

/** The case summary's last line: which profile the data came from, whether cached, and when. */
function provenanceOf(info: AppInfo | null | undefined, shown: { fromCache?: boolean; fetchedAt: number } | undefined): string | undefined {
  if (!shown) return undefined
  return `Data from ${activeProfile(info ?? null)?.name ?? 'the service'}${shown.fromCache ? ' (cached copy)' : ''}, fetched ${new Date(shown.fetchedAt).toISOString()}`
}

function useLearnIntentTokens(intent: Intent | undefined, receipt: IntentReceipt | undefined) {
  const learn = useLearnTokens()
  useEffect(() => {
    const s = receipt?.summary
    learn([...(intent ? intentTokenMetadata(intent) : []), s?.originTokenMetadata, s?.destinationTokenMetadata, receipt?.edge?.edgeTokenMetadata])
  }, [intent, receipt, learn])
}

/** When the watch sees the intent move on, refetch it so every card agrees with the timeline. */
function useReloadOnWatchedMove(watchedStatus: ReportedStatus | undefined, reload: () => void) {
  const lastWatched = useRef(watchedStatus)
  useEffect(() => {
    if (lastWatched.current && watchedStatus && watchedStatus !== lastWatched.current) reload()
    lastWatched.current = watchedStatus
  }, [watchedStatus, reload])
}

/** The bookmark on this computer: the choice shows at once, the stored value takes over when the cache reports it. */
function useBookmark(profileId: string | undefined, intentId: string) {
  const stored = useCacheRead('bookmark', profileId, { intentId }, (p) => isBookmarked(p, intentId)).data
  const [pending, setPending] = useState<boolean | null>(null)
  const write = useSetBookmarked()
  const error = write.error ? `The bookmark could not be saved: ${write.error.message}` : null
  if (pending !== null && stored === pending) setPending(null)
  const on = pending ?? stored
  const toggle = () => {
    if (!profileId || on === undefined) return
    setPending(!on)
    write.mutate({ profileId, intentId, on: !on }, { onError: () => setPending(null) })
  }
  return { on, error, available: on !== undefined && !!profileId, toggle }
}

/** The answer's inputs as the page has them: `asOf` from `staleSince`, the shown status, held balances with their source. */
type AnswerInputs = Pick<AnswerInput, 'intent' | 'receipt' | 'asOf' | 'tokenOf'> & {
  status: ReportedStatus | undefined
  profileId: string | undefined
  held: HeldBalances
}

/**
 * When the answer's data is a copy not fresh from the service (offline, or read from the
 * cache): the oldest fetch time among the intent and its receipt. Undefined while both
 * are live answers (a watched receipt is live).
 */
function staleSince(offline: boolean, intent: { fromCache: boolean; fetchedAt: number } | undefined, receipt: { origin: string; fetchedAt: number } | undefined): number | undefined {
  const cachedIntent = intent && (offline || intent.fromCache) ? intent.fetchedAt : undefined
  const cachedReceipt = receipt && (offline || receipt.origin === 'cache') ? receipt.fetchedAt : undefined
  const times = [cachedIntent, cachedReceipt].filter((t): t is number => t !== undefined)
  return times.length ? Math.min(...times) : undefined
}

/** What "usually finish in" rests on, said beside the answer when the answer uses it: how many intents, and when the baseline was read. */
export function expectationNote(outcome: string, e: Expectation | undefined, baseline?: { at?: number; fromCache: boolean }, now = Date.now()): string | undefined {
  if (!e || !outcome.startsWith('executing')) return undefined
  if (e.basis === 'quote') return `“Expected to finish”: the quote’s own estimate (fewer than ${MIN_SAMPLES} timed intents on this route in the last 30 days: its baseline is incomplete).`
  const read = baseline?.at === undefined ? '' : ` (${baseline.fromCache ? 'from this computer’s cache' : 'read from the service'} at ${formatDateTime(baseline.at)}, ${formatAge(baseline.at, now)})`
  return `“Usually finish in”: the median duration of ${e.samples ?? 'the'} succeeded intents on this route in the last 30 days${read}. ${DEFINITIONS.duration}`
}

/** How the answer's USD figures were priced, and what it leaves unpriced: "USD values: priced from balances (3 min ago)." */
function heldValueNote(v: ValuedSum, now: number): string | undefined {
  if (!v.priced && !v.unpriced.length) return undefined
  const how = v.priced ? pricedHowText(v, now) : ''
  const unpriced = v.unpriced.length ? `${how ? '; ' : ''}no USD value: ${v.unpriced.join(', ')}` : ''
  return `USD values at the profile’s prices: ${how}${unpriced}.`
}

/** The customer's answer, with the route's expectation while the intent is moving. */
function useCustomerAnswer({ intent, receipt, asOf, status, profileId, tokenOf, held }: AnswerInputs) {
  const chains = useChainsById()
  const now = useNow(1000, status === 'EXECUTING')
  // Only a moving intent needs the route's statistics (computed in a worker, shared with other views).
  const prices = usePriceBook(profileId)
  const baseline = useRouteBaseline(status === 'EXECUTING' ? profileId : undefined, useOfflineMode()).baseline
  const routeStats = baseline?.stats
  return useMemo(() => {
    const started = executionStartedAt(intent, receipt)
    const route = routeExpectation(routeStats, intent?.originChainId ?? receipt?.originChainId, intent?.destinationChainId ?? receipt?.destinationChainId, started === undefined ? undefined : now - started)
    const expectation = route ?? quoteExpectation(intent)
    const answer = customerAnswer({ intent, receipt, status: knownStatus(status), balances: held.balances, expectation, chains, tokenOf, prices, now, asOf })
    return { answer, basis: [expectationNote(answer.outcome, expectation, baseline, now), heldValueNote(heldValue({ balances: held.balances, tokenOf, prices }), now)].filter(Boolean).join(' ') || undefined }
  }, [intent, receipt, asOf, status, held.balances, routeStats, baseline, chains, tokenOf, prices, now])
}

/**
 * The Intent page's view-model: what it loads (the intent and its receipt through the data
 * layer, the watch, local notes and transitions), the status and answer it derives, and
 * its actions. The view only renders what this returns.
 */
export function useIntentView(rawId: string | undefined) {
  const intentId = (rawId ?? '').trim()
  const info = useConnection((s) => s.info)
  const profileId = info?.activeProfileId
  const query = useIntent(intentId)
  const receiptState = useReceipt(intentId)
  const watch = useWatch(intentId)
  const chains = useChainsById()
  const learnt = useTokenLabels()
  // Notes and the statuses seen on this computer, live from the cache.
  const notes = useCacheRead('intentNotes', profileId, { intentId }, (p) => listNotes(p, intentId)).data
  const transitions = useCacheRead('transitions', profileId, { intentId }, (p) => readTransitions(p, intentId)).data
  const bookmark = useBookmark(profileId, intentId)
  const caseRecord = useCases((s) => (profileId ? s.cases[caseKey(profileId, intentId)] : undefined))

  const shown = query.shown
  const intent = shown?.data
  const receipt = receiptState.shown?.receipt
  const status = shownStatus(watch, profileId, intent, receipt)
  const steps = useMemo(() => receiptSteps(receipt, status), [receipt, status])
  const tokenOf = useMemo(() => makeTokenLookup(intent, receipt, learnt), [intent, receipt, learnt])
  useLearnIntentTokens(intent, receipt)
  const held = useHeldBalances(intent, knownStatus(status))
  const offline = useOfflineMode()
  const asOf = staleSince(offline, shown, receiptState.shown)
  const { answer, basis: answerBasis } = useCustomerAnswer({ intent, receipt, asOf, status, profileId, tokenOf, held })
  useReloadOnWatchedMove(watch?.status, query.reload)

  const summary = () =>
    caseSummary({ intentId, intent, receipt, status, notes: notes ?? [], caseRecord, chains, tokenOf, provenance: provenanceOf(info, shown) })
  const refresh = () => {
    query.reload()
    receiptState.reload()
  }
  return {
    intentId,
    profileId,
    phase: intentPhase(intentId, query, !!intent),
    error: query.status === 'error' ? query.error : undefined,
    loading: query.status === 'loading',
    shown,
    intent,
    receipt,
    receiptState,
    status,
    reason: failureReason(receipt) ?? (status === 'FAILED' ? watch?.failureReason : undefined),
    steps,
    tokenOf,
    answer,
    answerNote: [answerNote(held), answerBasis].filter(Boolean).join(' ') || undefined,
    notes,
    transitions,
    /** A malformed id names no intent: there is nothing to bookmark. */
    canBookmark: isHash32(intentId),
    bookmark,
    summary,
    actions: { refresh, retry: query.reload },
  }
}

export type IntentViewModel = ReturnType<typeof useIntentView>
