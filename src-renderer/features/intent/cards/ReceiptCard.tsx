import type { IntentReceiptSummary, IntentStatus } from '@contract/service'
import { CachedNotice } from '../../../components/CachedNotice'
import { ErrorNotice } from '../../../components/ErrorNotice'
import { Timeline, type TimelineStep } from '../../../components/Timeline'
import { formatAge, formatDateTime } from '../../../lib/format'
import { WatchButton } from '../../watch'
import type { ReceiptState } from '../useReceipt'
import { Card } from './parts'

const ORIGIN_TEXT = {
  service: 'Receipt from the service',
  cache: 'Receipt from the local cache',
  live: 'Live receipt from the watch',
} as const

function Provenance({ state }: { state: ReceiptState }) {
  if (state.status === 'loading' && !state.shown) return <p className="muted">Loading the receipt…</p>
  const shown = state.shown
  if (!shown) {
    return (
      <div className="intent-receipt-source">
        <p className="muted">
          No receipt {state.error ? 'from the service, and none in the cache' : 'in the cache'}. An intent gets a receipt once its execution
          starts.
        </p>
        {state.error && state.error.kind !== 'NotFound' ? <ErrorNotice error={state.error} onRetry={state.reload} /> : null}
      </div>
    )
  }
  return (
    <>
      <p className="intent-receipt-source small" data-origin={shown.origin}>
        <strong>{ORIGIN_TEXT[shown.origin]}</strong>
        {shown.origin === 'cache' && shown.viaHistory ? ' (from a history page)' : null}, {shown.origin === 'live' ? 'updated' : 'fetched'}{' '}
        <span title={formatDateTime(shown.fetchedAt)}>{formatAge(shown.fetchedAt)}</span>
        {shown.origin === 'cache' && !state.error ? <span className="muted"> · offline</span> : null}
      </p>
      {/* The service's failure beside the cached receipt: the notice every view shows for it. */}
      {shown.origin === 'cache' && state.error ? <CachedNotice fetchedAt={shown.fetchedAt} failure={state.error} onRetry={state.reload} /> : null}
    </>
  )
}

function SeenTransitions({ transitions }: { transitions: ReadonlyArray<{ status: IntentStatus; seenAt: number }> | undefined }) {
  if (!transitions?.length) return null
  return (
    <p className="intent-transitions small" aria-label="Statuses seen on this computer">
      <span className="muted">Seen here: </span>
      {transitions.map((t, i) => (
        <span key={`${t.status}-${t.seenAt}`} data-status={t.status}>
          {i ? ', ' : ''}
          <strong>{t.status}</strong> at <span title={new Date(t.seenAt).toISOString()}>{formatDateTime(t.seenAt)}</span>
        </span>
      ))}
    </p>
  )
}

const SUMMARY_FIELDS = [['Status', 'status'], ['Mode', 'mode'], ['Trade type', 'tradeType']] as const

/**
 * The deployed service's own summary of the execution (not in the spec): its status,
 * mode and trade type, verbatim. Nothing shows when the service sends none of them.
 */
function ServiceSummary({ summary }: { summary: IntentReceiptSummary | undefined }) {
  const rows = SUMMARY_FIELDS.flatMap(([label, key]) => (summary?.[key] ? [[label, summary[key]] as const] : []))
  if (!rows.length) return null
  return (
    <p className="intent-receipt-summary small" aria-label="Receipt summary">
      <span className="muted">The service's summary: </span>
      {rows.map(([label, v], i) => (
        <span key={label} data-field={label}>
          {i ? ' · ' : ''}
          {label.toLowerCase()} <strong className="mono">{v}</strong>
        </span>
      ))}
    </p>
  )
}

/** Deposit → origin → destination → refund, where the receipt came from, and what was seen here. */
export function ReceiptCard({
  intentId,
  steps,
  state,
  transitions,
}: {
  intentId: string
  steps: TimelineStep[]
  state: ReceiptState
  transitions: ReadonlyArray<{ status: IntentStatus; seenAt: number }> | undefined
}) {
  return (
    <Card
      id="receipt"
      title="Receipt timeline"
      actions={
        <div className="row">
          <button type="button" onClick={state.reload} disabled={state.status === 'loading'}>
            Refresh receipt
          </button>
          <WatchButton intentId={intentId} />
        </div>
      }
    >
      <Provenance state={state} />
      <ServiceSummary summary={state.shown?.receipt?.summary} />
      <Timeline steps={steps} />
      <SeenTransitions transitions={transitions} />
    </Card>
  )
}
