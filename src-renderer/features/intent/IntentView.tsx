import type { MouseEvent, ReactNode } from 'react'
import { Link, useLocation, useParams } from 'react-router'
import type { ReportedStatus } from '@contract/service'
import { ShownAge } from '../../components/CachedNotice'
import { CopyButton } from '../../components/CopyButton'
import { EmptyState } from '../../components/EmptyState'
import { ErrorBoundary } from '../../components/ErrorBoundary'
import { ErrorNotice } from '../../components/ErrorNotice'
import { Hex } from '../../components/Hex'
import { JsonView } from '../../components/JsonView'
import { RefusedFieldsNotice } from '../../components/RefusedFieldsNotice'
import { StatusBadge, statusMeaning } from '../../components/StatusBadge'
import { WatchButton } from '../watch'
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
import { useIntentView, type IntentViewModel } from './useIntentView'

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
  ['notes', 'Case and notes'],
  ['raw', 'Raw JSON'],
] as const

function BookmarkToggle({ bookmark }: { bookmark: IntentViewModel['bookmark'] }) {
  const { on, error } = bookmark
  return (
    <button
      type="button"
      aria-pressed={on === true}
      disabled={!bookmark.available}
      onClick={() => void bookmark.toggle()}
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

/** Where the page was opened from, when a search opened it directly: "Back to the search result". */
function useBackTo(): string | undefined {
  const backTo = (useLocation().state as { backTo?: unknown } | null)?.backTo
  return typeof backTo === 'string' && backTo.startsWith('/search') ? backTo : undefined
}

function IntentHeader({ vm }: { vm: IntentViewModel }) {
  const { intentId, intent, receipt, status } = vm
  const backTo = useBackTo()
  return (
    <header className="view-header intent-header">
      {backTo ? <Link to={backTo} className="intent-back">← Back to the search result</Link> : null}
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
        {vm.canBookmark ? <BookmarkToggle bookmark={vm.bookmark} /> : null}
        <WatchButton intentId={intentId} />
        {intent || receipt ? <CopyButton text={vm.summary()} label="Copy case summary" /> : null}
        <Link className="intent-button-link" to={`/compare?a=${encodeURIComponent(intentId)}`}>
          Compare…
        </Link>
        <button type="button" onClick={vm.actions.refresh} disabled={vm.loading}>
          Refresh
        </button>
      </div>
    </header>
  )
}

/** Above the cards: the cache's age, a failed load, the failure reason, or why there is no intent. */
function IntentNotices({ vm }: { vm: IntentViewModel }) {
  const { intentId, phase } = vm
  const search = `/search?q=${encodeURIComponent(intentId)}`
  return (
    <>
      <ShownAge shown={vm.shown} onRetry={vm.actions.retry} what="The intent from the service (GetIntent)" />
      {vm.error && phase !== 'notFound' ? <ErrorNotice error={vm.error} onRetry={vm.actions.retry} /> : null}
      <FailureBanner status={vm.status} reason={vm.reason} />
      {phase === 'notFound' ? (
        <EmptyState title="No such intent">
          The service knows no intent <code>{intentId}</code>. Check the id, or <Link to={search}>search for it</Link> by hash or address.
        </EmptyState>
      ) : null}
      {phase === 'uncached' ? (
        <EmptyState title="Not in the cache">
          You are offline and this intent was never fetched on this computer. <Link to={search}>Search the cache</Link> for related intents, or go back
          online.
        </EmptyState>
      ) : null}
      {phase === 'loading' ? <p className="muted">Loading the intent…</p> : null}
    </>
  )
}

function SectionLinks() {
  return (
    <nav className="intent-contents" aria-label="Sections">
      {CONTENTS.map(([id, label]) => (
        <a key={id} href={`#intent-${id}`} onClick={(e) => jumpTo(e, id)}>
          {label}
        </a>
      ))}
    </nav>
  )
}

/**
 * One tree whether the intent, its receipt or both are known, so the notes box keeps its
 * draft when the intent arrives after its receipt.
 */
function IntentCards({ vm }: { vm: IntentViewModel }) {
  const { intentId, intent, receipt } = vm
  // Each card draws on its own: one that cannot (a value no check caught) shows its error
  // and the record's raw JSON, and the other cards stay.
  const guard = (name: string, card: ReactNode, record: unknown = intent ?? receipt) => (
    <ErrorBoundary what={`${name} card`} record={record} resetKey={record}>
      {card}
    </ErrorBoundary>
  )
  return (
    <TokenLookupProvider value={vm.tokenOf}>
      {intent ? <SectionLinks /> : null}
      <RefusedFieldsNotice records={[intent, receipt]} />
      {guard('customer answer', <CustomerAnswerCard answer={vm.answer} note={vm.answerNote} />)}
      {intent ? guard('route', <RouteCard intent={intent} receipt={receipt} />) : null}
      {guard('receipt', <ReceiptCard intentId={intentId} steps={vm.steps} state={vm.receiptState} transitions={vm.transitions} />, receipt)}
      {intent ? (
        <>
          {guard('quote', <QuoteCard intent={intent} />)}
          {guard('fees', <FeesCard intent={intent} />)}
          {guard('execution', <ExecutionCard intent={intent} />)}
          {guard('edge', <EdgeCard edge={intent.edge ?? receipt?.edge} />)}
          {guard('contracts', <ContractsCard intent={intent} />)}
          {guard('expiry', <ExpiryCard intent={intent} status={vm.status} />)}
        </>
      ) : null}
      {guard('notes', <NotesCard key={intentId} profileId={vm.profileId} intentId={intentId} notes={vm.notes} />, vm.notes)}
      {intent ? guard('other fields', <OtherFieldsCard intent={intent} />) : null}
      {guard(
        'raw JSON',
        <Card id="raw" title="Raw JSON">
          {intent ? <JsonView value={intent} label="Intent JSON" /> : <p className="muted">The intent itself is not available.</p>}
          {receipt ? (
            <>
              <h3>Receipt</h3>
              <JsonView value={receipt} label="Receipt JSON" openDepth={0} />
            </>
          ) : null}
        </Card>,
      )}
    </TokenLookupProvider>
  )
}

export function IntentView() {
  const vm = useIntentView(useParams().intentId)
  if (vm.phase === 'noId') return <EmptyState title="No intent id">Open an intent from Search or History.</EmptyState>
  return (
    <section className="view intent-view" aria-labelledby="intent-title">
      <IntentHeader vm={vm} />
      <IntentNotices vm={vm} />
      {vm.intent || vm.receipt ? <IntentCards vm={vm} /> : null}
    </section>
  )
}

/** Hash routing owns the URL fragment, so in-page links scroll instead of navigating. */
function jumpTo(e: MouseEvent, id: string) {
  e.preventDefault()
  document.getElementById(`intent-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
}
