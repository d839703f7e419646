import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react'
import { Link, useParams } from 'react-router'
import { useLiveQuery } from 'dexie-react-hooks'
import type { Intent, IntentReceipt, ReportedStatus } from '@contract/service'
import { knownStatus } from '@contract/service/constants'
import { isHash32 } from '@contract/formats'
import { CachedNotice } from '../../components/CachedNotice'
import { CopyButton } from '../../components/CopyButton'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { Hex } from '../../components/Hex'
import { JsonView } from '../../components/JsonView'
import { StatusBadge, statusMeaning } from '../../components/StatusBadge'
import { isBookmarked, listNotes, readTransitions, setBookmarked, type Note } from '../../db'
import { formatDateTime } from '../../lib/format'
import { intentTokenMetadata } from '../../lib/intentRoute'
import { routeExpectation } from '../../lib/routeStats'
import { useNow } from '../../lib/useNow'
import { useRouteStatsFor } from '../../data/routeStats'
import { useChainsById } from '../../data/reference/chains'
import { activeProfile, useConnection } from '../../stores/connection'
import { useLearnTokens, useTokenLabels } from '../../data/reference/tokens'
import { useWatch, WatchButton } from '../watch'
import { caseSummary } from './caseSummary'
import { customerAnswer, executionStartedAt, quoteExpectation } from './customerAnswer'
import { CustomerAnswerCard } from './cards/CustomerAnswerCard'
import { ContractsCard } from './cards/ContractsCard'
import { EdgeCard } from './cards/EdgeCard'
import { ExecutionCard } from './cards/ExecutionCard'
import { ExpiryCard } from './cards/ExpiryCard'
import { FeesCard } from './cards/FeesCard'
import { NotesCard } from './cards/NotesCard'
import { OtherFieldsCard } from './cards/OtherFieldsCard'
import { QuoteCard } from './cards/QuoteCard'
import { ReceiptCard } from './cards/ReceiptCard'
import { RouteCard } from './cards/RouteCard'
import { Card, TokenLookupProvider } from './cards/parts'
import { failureReason, receiptSteps } from './receiptSteps'
import { makeTokenLookup } from './tokenLookup'
import { useHeldBalances } from './useHeldBalances'
import { useIntent } from './useIntent'
import { useReceipt } from './useReceipt'

const CONTENTS = [
  ['answer', 'Answer'],
  ['summary', 'Summary'],
  ['receipt', 'Receipt'],
  ['quote', 'Quote'],
  ['fees', 'Fees'],
  ['execution', 'Calls'],
  ['edge', 'Edge'],
  ['contracts', 'Contracts'],
  ['expiry', 'Expiry'],
  ['notes', 'Notes'],
  ['raw', 'Raw JSON'],
] as const

function BookmarkToggle({ profileId, intentId }: { profileId: string | undefined; intentId: string }) {
  const stored = useLiveQuery(() => (profileId ? isBookmarked(profileId, intentId) : false), [profileId, intentId])
  // Shows the choice at once; the stored value takes over when the cache reports it.
  const [pending, setPending] = useState<boolean | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (pending !== null && stored === pending) setPending(null)
  }, [stored, pending])
  const on = pending ?? stored
  const toggle = async () => {
    if (!profileId) return
    setPending(!on)
    try {
      await setBookmarked(profileId, intentId, !on)
      setError(null)
    } catch (err) {
      setPending(null)
      setError(`The bookmark could not be saved: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  return (
    <button
      type="button"
      aria-pressed={on === true}
      disabled={on === undefined || !profileId}
      onClick={() => void toggle()}
      title={error ?? (on ? 'Remove the bookmark' : 'Bookmark this intent on this computer')}
    >
      {on ? '★ Bookmarked' : '☆ Bookmark'}
      {error ? <span aria-hidden="true"> ⚠</span> : null}
    </button>
  )
}

/** The one line a support person reads first: what went wrong. */
function FailureBanner({ status, reason }: { status: ReportedStatus | undefined; reason: string | undefined }) {
  if (!reason && status !== 'FAILED') return null
  const title = status === 'REFUNDED' ? 'Refunded after a failure' : status === 'FAILED' ? 'Failed' : 'Failure reported'
  return (
    <div className="notice notice-error intent-failure" role="alert" aria-label="Failure reason">
      <strong>{title}:</strong> <span className="intent-failure-reason">{reason ?? 'the service gave no reason'}</span>
    </div>
  )
}

function useLearnIntentTokens(intent: Intent | undefined, receipt: IntentReceipt | undefined) {
  const learn = useLearnTokens()
  useEffect(() => {
    const s = receipt?.summary
    learn([...(intent ? intentTokenMetadata(intent) : []), s?.originTokenMetadata, s?.destinationTokenMetadata, receipt?.edge?.edgeTokenMetadata])
  }, [intent, receipt, learn])
}

export function IntentView() {
  const intentId = (useParams().intentId ?? '').trim()
  const info = useConnection((s) => s.info)
  const profileId = info?.activeProfileId
  const query = useIntent(intentId)
  const receiptState = useReceipt(intentId)
  const watch = useWatch(intentId)
  const chains = useChainsById()
  const learnt = useTokenLabels()
  const notes = useLiveQuery(() => (profileId ? listNotes(profileId, intentId) : ([] as Note[])), [profileId, intentId])
  const transitions = useLiveQuery(() => (profileId ? readTransitions(profileId, intentId) : []), [profileId, intentId])

  const shown = query.shown
  const intent = shown?.data
  const receipt = receiptState.shown?.receipt
  // A live watch hears of a new status before a refetch would.
  const status = (watch?.profileId === profileId ? watch?.status : undefined) ?? intent?.status ?? receipt?.status
  const steps = useMemo(() => receiptSteps(receipt, status), [receipt, status])
  const reason = failureReason(receipt) ?? (status === 'FAILED' ? watch?.failureReason : undefined)
  const tokenOf = useMemo(() => makeTokenLookup(intent, receipt, learnt), [intent, receipt, learnt])
  useLearnIntentTokens(intent, receipt)
  const held = useHeldBalances(intent, knownStatus(status))
  const now = useNow(1000, status === 'EXECUTING')
  // Only a moving intent needs the route's statistics (computed in a worker, shared with other views).
  const routeStats = useRouteStatsFor(status === 'EXECUTING' ? profileId : undefined, '30d')?.stats
  const answer = useMemo(() => {
    const started = executionStartedAt(intent, receipt)
    const route = routeExpectation(routeStats, intent?.originChainId ?? receipt?.originChainId, intent?.destinationChainId ?? receipt?.destinationChainId, started === undefined ? undefined : now - started)
    return customerAnswer({ intent, receipt, status: knownStatus(status), balances: held.balances, expectation: route ?? quoteExpectation(intent), chains, tokenOf, now })
  }, [intent, receipt, status, held.balances, routeStats, chains, tokenOf, now])

  // When the watch sees the intent move on, refetch it so every card agrees with the timeline.
  const reloadIntent = query.reload
  const watchedStatus = watch?.status
  const lastWatched = useRef(watchedStatus)
  useEffect(() => {
    if (lastWatched.current && watchedStatus && watchedStatus !== lastWatched.current) reloadIntent()
    lastWatched.current = watchedStatus
  }, [watchedStatus, reloadIntent])

  if (!intentId) return <EmptyState title="No intent id">Open an intent from Search or History.</EmptyState>

  const summary = () =>
    caseSummary({
      intentId,
      intent,
      receipt,
      status,
      notes: notes ?? [],
      chains,
      tokenOf,
      provenance: shown
        ? `Data from ${activeProfile(info)?.name ?? 'the service'}${shown.fromCache ? ' (cached copy)' : ''}, fetched ${new Date(shown.fetchedAt).toISOString()}`
        : undefined,
    })

  const notFound = query.status === 'error' && query.error.kind === 'NotFound' && !intent
  return (
    <section className="view intent-view" aria-labelledby="intent-title">
      <header className="view-header intent-header">
        <div className="intent-title">
          <h1 id="intent-title">
            Intent <Hex value={intentId} full />
          </h1>
          {intent || receipt ? (
            <p className="intent-status-line">
              <StatusBadge status={status} /> <span className="muted">{statusMeaning(status)}</span>
            </p>
          ) : null}
        </div>
        <div className="toolbar">
          {/* A malformed id names no intent: there is nothing to bookmark. */}
          {isHash32(intentId) ? <BookmarkToggle profileId={profileId} intentId={intentId} /> : null}
          <WatchButton intentId={intentId} />
          {intent || receipt ? <CopyButton text={summary()} label="Copy case summary" /> : null}
          <Link className="intent-button-link" to={`/compare?a=${encodeURIComponent(intentId)}`}>
            Compare…
          </Link>
          <button
            type="button"
            onClick={() => {
              query.reload()
              receiptState.reload()
            }}
            disabled={query.status === 'loading'}
          >
            Refresh
          </button>
        </div>
      </header>

      {shown?.fromCache ? <CachedNotice fetchedAt={shown.fetchedAt} /> : null}
      {query.status === 'error' && !notFound ? <ErrorNotice error={query.error} onRetry={query.reload} /> : null}
      <FailureBanner status={status} reason={reason} />

      {notFound ? (
        <EmptyState title="No such intent">
          The service knows no intent <code>{intentId}</code>. Check the id, or{' '}
          <Link to={`/search?q=${encodeURIComponent(intentId)}`}>search for it</Link> by hash or address.
        </EmptyState>
      ) : null}
      {query.status === 'uncached' ? (
        <EmptyState title="Not in the cache">
          You are offline and this intent was never fetched on this computer. <Link to={`/search?q=${encodeURIComponent(intentId)}`}>Search the cache</Link>{' '}
          for related intents, or go back online.
        </EmptyState>
      ) : null}
      {(query.status === 'loading' || query.status === 'idle') && !intent ? <p className="muted">Loading the intent…</p> : null}

      {intent || receipt ? (
        // One tree for both cases, so the notes box keeps its draft when the intent
        // arrives after its receipt.
        <TokenLookupProvider value={tokenOf}>
          {intent ? (
            <nav className="intent-contents" aria-label="Sections">
              {CONTENTS.map(([id, label]) => (
                <a key={id} href={`#intent-${id}`} onClick={(e) => jumpTo(e, id)}>
                  {label}
                </a>
              ))}
              <span className="muted small">
                {shown?.fromCache ? 'Cached copy' : 'Fetched'} {formatDateTime(shown!.fetchedAt)}
              </span>
            </nav>
          ) : null}
          <CustomerAnswerCard answer={answer} note={answerNote(held)} />
          {intent ? <RouteCard intent={intent} receipt={receipt} /> : null}
          <ReceiptCard intentId={intentId} steps={steps} state={receiptState} transitions={transitions} />
          {intent ? (
            <>
              <QuoteCard intent={intent} />
              <FeesCard intent={intent} />
              <ExecutionCard intent={intent} />
              <EdgeCard edge={intent.edge ?? receipt?.edge} />
              <ContractsCard intent={intent} />
              <ExpiryCard intent={intent} status={status} />
            </>
          ) : null}
          <NotesCard key={intentId} profileId={profileId} intentId={intentId} notes={notes} />
          {intent ? <OtherFieldsCard intent={intent} /> : null}
          <Card id="raw" title="Raw JSON">
            {intent ? <JsonView value={intent} label="Intent JSON" /> : <p className="muted">The intent itself is not available.</p>}
            {receipt ? (
              <>
                <h3>Receipt</h3>
                <JsonView value={receipt} label="Receipt JSON" openDepth={0} />
              </>
            ) : null}
          </Card>
        </TokenLookupProvider>
      ) : null}
    </section>
  )
}

/** Where the balances behind the answer came from, when they matter to it. */
function answerNote(held: ReturnType<typeof useHeldBalances>): string | undefined {
  if (held.fetchedAt === undefined) return undefined
  return `Balances at the intent's addresses ${held.fromCache ? 'from the cached history entry' : 'from the service'}, ${formatDateTime(held.fetchedAt)}.`
}

/** Hash routing owns the URL fragment, so in-page links scroll instead of navigating. */
function jumpTo(e: MouseEvent, id: string) {
  e.preventDefault()
  document.getElementById(`intent-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}
