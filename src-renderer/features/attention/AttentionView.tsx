import { useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ShownAge } from '../../components/CachedNotice'
import { DataTable, type Column } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { intentColumns, intentPath } from '../../components/IntentLink'
import { Checkbox } from '../../components/Checkbox'
import { SelectField } from '../../components/SelectField'
import { StatusBadge } from '../../components/StatusBadge'
import { toCsv } from '@contract/csv'
import { datedFilename, downloadText } from '../../lib/download'
import { formatAge, formatDateTime, formatDuration } from '../../lib/format'
import { useNow } from '../../lib/useNow'
import { useOfflineMode } from '../../stores/cache'
import { useChainsById } from '../../lib/displaySources'
import { useConnection } from '../../stores/connection'
import { BASELINE_FRESH_MS, useRouteBaseline, type RouteBaseline } from '../../data/routeBaseline'
import { caseKey, useCases } from '../../stores/attentionCases'
import { usePriceBook } from '../../stores/priceBook'
import { useCacheRead } from '../../data/useCacheRead'
import { listNotesOf, type Note } from '../../db'
import { CaseCell, HeldCell, SlaTimer } from './cells'
import { attentionCsvColumns, REASON_LABEL } from './export'
import { attentionQueue, type AttentionItem, type Candidate } from './queue'
import { REFRESH_MS, useAttentionData } from './load'
import { useNewItems } from './useNewItems'
import { BaselineIncomplete } from './BaselineIncomplete'
import { MIN_SAMPLES } from '../../lib/routeStats'
import { ViewHeader } from '../../components/ViewHeader'
import { NotificationAccessButton } from '../watch'
import { filterCodec, flag } from '../../lib/filterCodec'

const REASONS = ['all', 'slow', 'window-closing', 'recoverable'] as const
const REASON_OPTIONS: ReadonlyArray<{ value: string; label: string }> = REASONS.map((r) => ({ value: r, label: r === 'all' ? 'Every reason' : REASON_LABEL[r] }))
/** The queue's filters in the URL, a table for the one filter codec (they ask the service nothing). */
const queueFilters = filterCodec<{ reason: string; showResolved: boolean }, object>({
  reason: { key: 'reason', empty: 'all', parse: ([r]) => ((REASONS as readonly string[]).includes(r) ? r : 'all') },
  showResolved: flag('resolved'),
})

/** The notes on every intent in the queue, live (a note added on the intent page shows here at once). */
function useQueueNotes(profileId: string, ids: string | undefined): ReadonlyMap<string, Note[]> {
  return useCacheRead('notesOf', profileId && ids ? profileId : undefined, { ids }, (p) => listNotesOf(p, ids!.split('\n').filter(Boolean))).data ?? NO_NOTES
}
const NO_NOTES: ReadonlyMap<string, Note[]> = new Map()
const NONE: Candidate[] = []

function useColumns(profileId: string, fresh: ReadonlySet<string>, notes: ReadonlyMap<string, Note[]>): Column<AttentionItem>[] {
  const chains = useChainsById()
  const cases = useCases((s) => s.cases)
  return useMemo(
    () => [
      { id: 'reason', header: 'Reason', sortValue: (i) => i.urgency, cell: (i) => <span data-reason={i.reason}>{REASON_LABEL[i.reason]}{fresh.has(i.candidate.intentId) ? <strong className="badge tone-info"> new</strong> : null}</span>, wrap: true },
      { id: 'status', header: 'Status', cell: (i) => <StatusBadge status={i.candidate.status} /> },
      ...intentColumns<AttentionItem>(chains, (i) => i.candidate),
      { id: 'age', header: 'Age', align: 'right', sortValue: (i) => i.ageMs, cell: (i) => formatDuration(i.ageMs) },
      { id: 'sla', header: 'SLA timer', cell: (i) => <SlaTimer item={i} />, wrap: true },
      { id: 'held', header: 'Recoverable', align: 'right', sortValue: (i) => i.heldValue?.usd ?? 0, cell: (i) => <HeldCell item={i} />, wrap: true },
      { id: 'case', header: 'Case', cell: (i) => <CaseCell profileId={profileId} intentId={i.candidate.intentId} record={cases[caseKey(profileId, i.candidate.intentId)]} notes={notes.get(i.candidate.intentId)} />, wrap: true },
    ],
    [chains, cases, profileId, fresh, notes],
  )
}

/** What the SLA timers rest on: the window read for the purpose, how many intents, and when (with its age). */
export function baselineText(baseline: RouteBaseline | undefined, reading: boolean, now: number): string {
  const rule = `A route with fewer than ${MIN_SAMPLES} timed intents has an incomplete baseline and gets no verdict.`
  if (reading || !baseline) return `SLA baselines: reading the last 30 days from the service… ${rule}`
  const n = baseline.read.toLocaleString('en-US')
  const when = baseline.at === undefined ? 'never computed' : `${formatDateTime(baseline.at)}, ${formatAge(baseline.at, now)}`
  const failed = baseline.error ? `; the service could not be read (${baseline.error.message})` : ''
  if (baseline.fromCache) return `SLA baselines: the last 30 days of the ${n} intents in this computer's cache (${when})${failed}; not read from the service, so another agent may see other baselines. ${rule}`
  const capped = baseline.capped ? ', the newest only' : ''
  return `SLA baselines: the last 30 days, ${n} intents${capped} read from the service at ${when}${failed}, read again every ${BASELINE_FRESH_MS / 60_000} min. ${rule}`
}

/** The empty state's title, true to the filter: "nothing for this reason" is not "nothing needs attention". */
export function emptyTitle(reason: string, hidden: number): string {
  if (reason !== 'all') return `Nothing for “${REASON_LABEL[reason as AttentionItem['reason']]}”`
  return hidden ? 'Nothing open needs attention' : 'Nothing needs attention'
}

export function emptyText(reason: string, hidden: number, fromCache: boolean): string {
  const where = fromCache ? ' in the cache' : ''
  const rest = hidden ? ` ${hidden} other intent${hidden === 1 ? ' is' : 's are'} in the queue, hidden by the filter (another reason, or resolved).` : ''
  if (reason === 'slow') return `No executing intent is past its route's p95${where}.${rest}`
  if (reason === 'window-closing') return `No committed intent's window is closing${where}.${rest}`
  if (reason === 'recoverable') return `No failed or aborted intent holds funds${where}.${rest}`
  return `No executing intent is past its route's p95, no committed intent's window is closing, and no failed or aborted intent holds funds${where}.${rest}`
}

export function AttentionView() {
  const [params, setParams] = useSearchParams()
  const { reason, showResolved } = queueFilters.decode(params)
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const data = useAttentionData()
  const candidates = data.shown?.data ?? NONE
  const loading = data.status === 'loading' || data.status === 'idle'
  // The failed call: beside cached candidates (the one fallback rule), or alone when nothing is cached.
  const error = data.status === 'error' ? data.error : data.shown?.liveError
  const fromCache = data.shown ? data.shown.fromCache : data.status === 'uncached'
  const baseline = useRouteBaseline(profileId, offline)
  const stats = baseline.baseline?.stats
  const now = useNow(1000)
  const cases = useCases((s) => s.cases)
  const navigate = useNavigate()
  // The queue is rebuilt each second so the SLA timers run; the classification is cheap.
  const book = usePriceBook(profileId)
  const all = useMemo(() => attentionQueue(candidates, stats, now, book), [candidates, stats, now, book])
  // Intents on routes whose baseline is incomplete get no verdict: a group of their own, never in the queue.
  const queue = useMemo(() => all.filter((i) => i.reason !== 'baseline-incomplete'), [all])
  const unjudged = useMemo(() => all.filter((i) => i.reason === 'baseline-incomplete'), [all])
  // Judged only once the baseline is in: before it, no slow intent is in the queue, and each would count as new.
  const ids = useMemo(() => (!loading && !baseline.reading ? queue.map((i) => i.candidate.intentId).sort().join('\n') : undefined), [queue, loading, baseline.reading])
  const fresh = useNewItems(profileId, useMemo(() => ids?.split('\n').filter(Boolean), [ids]))
  const freshSet = useMemo(() => new Set(fresh), [fresh])
  const shown = queue.filter((i) => (reason === 'all' || i.reason === reason) && (showResolved || cases[caseKey(profileId ?? '', i.candidate.intentId)]?.state !== 'resolved'))
  const notes = useQueueNotes(profileId ?? '', useMemo(() => (ids === undefined ? undefined : [ids, ...unjudged.map((i) => i.candidate.intentId)].filter(Boolean).join('\n')), [ids, unjudged]))
  const columns = useColumns(profileId ?? '', freshSet, notes)
  const set = (change: Partial<typeof queueFilters.empty>) => setParams((p) => queueFilters.encode({ ...queueFilters.decode(p), ...change }, p), { replace: true })
  const exportCsv = () => downloadText(toCsv(shown, attentionCsvColumns((id) => cases[caseKey(profileId ?? '', id)], (id) => notes.get(id) ?? [])), datedFilename('needs-attention', 'csv'), 'text/csv')

  return (
    <section className="view attention-view" aria-labelledby="attention-title">
      <ViewHeader title="Needs attention" titleId="attention-title">
        <div className="toolbar">
          <SelectField label="Reason" value={reason} options={REASON_OPTIONS} onChange={(r) => set({ reason: r })} />
          <Checkbox label="Show resolved" checked={showResolved} onChange={(on) => set({ showResolved: on })} />
          <button type="button" onClick={data.reload} disabled={loading}>{loading ? 'Refreshing…' : 'Refresh'}</button>
          <button type="button" onClick={exportCsv} disabled={!shown.length}>Export CSV</button>
          <NotificationAccessButton about="to be told when intents arrive in the queue" />
        </div>
      </ViewHeader>
      <ShownAge shown={data.shown && { ...data.shown, liveError: error }} onRetry={data.reload} what="The queue from the service (its three GetIntentHistory questions)" />
      {error && !(fromCache && data.shown) ? <ErrorNotice error={error} onRetry={data.reload} /> : null}
      {fresh.length ? <div className="notice" role="status" aria-label="New in the queue">{fresh.length} new since you opened the queue.</div> : null}
      <p className="muted small" role="status" aria-label="Queue status">
        {loading && !data.shown ? 'Loading the queue…' : `${shown.length} of ${queue.length} intents shown, refreshed every ${REFRESH_MS / 1000} s. ${baselineText(baseline.baseline, baseline.reading, now)}`}
      </p>
      {!loading && !shown.length ? <EmptyState title={emptyTitle(reason, queue.length - shown.length)}>{emptyText(reason, queue.length - shown.length, fromCache)}</EmptyState> : null}
      {shown.length ? <DataTable label="Needs attention" columns={columns} rows={shown} rowKey={(i) => i.candidate.intentId} onOpen={(i) => navigate(intentPath(i.candidate.intentId))} /> : null}
      {reason === 'all' && unjudged.length ? <BaselineIncomplete items={unjudged} columns={columns} reading={baseline.reading} onOpen={(i) => navigate(intentPath(i.candidate.intentId))} /> : null}
    </section>
  )
}
