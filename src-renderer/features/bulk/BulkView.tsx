import { useDeferredValue, useMemo, useState, type ClipboardEvent, type DragEvent } from 'react'
import { useSearchParams } from 'react-router'
import { DataTable, type Column } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { Hex } from '../../components/Hex'
import { intentColumns } from '../../components/IntentLink'
import { StatusBadge } from '../../components/StatusBadge'
import { toCsv } from '@contract/csv'
import { datedFilename, downloadText } from '../../lib/download'
import { KIND_LABEL } from '../../lib/classifyInput'
import { countOf } from '../../lib/format'
import { useOfflineMode } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { MAX_KEYS, parseKeys, type ParsedKeys } from './keys'
import { pastedValue } from './paste'
import { keyCsvColumns, keyRows, tally, type KeyRow } from './report'
import { TokenAmount } from '../../components/Amount'
import { useChainsById, useTokenLabels } from '../../lib/displaySources'
import type { BulkMatch } from './resolve'
import { RateLimitWait } from './RateLimitWait'
import { useBulkLookup } from './useBulkLookup'
import { ViewHeader } from '../../components/ViewHeader'

const NO_MATCHES: BulkMatch[] = []
const matchKey = (m: BulkMatch) => `${m.key}|${m.intentId}`

function useColumns(): Column<BulkMatch>[] {
  const chains = useChainsById()
  return useMemo(
    () => [
      { id: 'key', header: 'Key', sortValue: (m) => m.key, cell: (m) => <Hex value={m.key} /> },
      { id: 'status', header: 'Status', sortValue: (m) => m.status, cell: (m) => <StatusBadge status={m.status} /> },
      ...intentColumns<BulkMatch>(chains, (m) => m),
      // Exact amounts can be long (18 decimals): they wrap rather than widen the table.
      { id: 'sent', header: 'Amount in', align: 'right', wrap: true, cell: (m) => <TokenAmount raw={m.originTokenAmount} chainId={m.originChainId} token={m.originTokenAddress} stated={{ decimals: m.originTokenDecimals }} copyable={false} /> },
      { id: 'quoted', header: 'Quoted out', align: 'right', wrap: true, cell: (m) => <TokenAmount raw={m.destinationTokenAmount} chainId={m.destinationChainId} token={m.destinationTokenAddress} copyable={false} /> },
      { id: 'reason', header: 'Reason', cell: (m) => m.reason ?? '', wrap: true },
    ],
    [chains],
  )
}

/** Lines listed beside the table: those that led nowhere, failed or were not keys, or that the cache answered after a failed call. */
function LineList({ rows, label, title, className = 'card' }: { rows: KeyRow[]; label: string; title: string; className?: string }) {
  if (!rows.length) return null
  return (
    <section className={className} aria-label={label}>
      <h2>{title}</h2>
      <ul className="bulk-unresolved">
        {rows.map((r) => (
          <li key={`${r.line}|${r.input}`} data-key={r.key ?? r.input} data-line={r.line}>
            {r.line ? <span className="muted">Line {r.line}: </span> : null}
            <code>{r.input}</code>
            {r.kind && !r.fromCache ? <span className="muted"> ({KIND_LABEL[r.kind]})</span> : null} — {r.outcome}
          </li>
        ))}
      </ul>
    </section>
  )
}

function parsedSummary(p: ParsedKeys): string {
  const [notKeys, repeats, overCap] = (['not a key', 'repeat', 'over the limit'] as const).map((why) => p.skipped.filter((s) => s.why === why).length)
  const parts = [countOf(p.keys.length, 'key')]
  if (notKeys) parts.push(`${countOf(notKeys, 'line')} not a key`)
  if (repeats) parts.push(`${repeats} repeated`)
  if (overCap) parts.push(`${overCap} over the limit of ${MAX_KEYS} will not be looked up`)
  return parts.join('; ')
}

function resultSummary(rows: KeyRow[], run: { total: number; cancelled: boolean; fromCache: boolean }): string {
  const t = tally(rows)
  const parts = [`${t.matched} matched`, `${t.nothingFound} nothing found`]
  if (t.failed) parts.push(`${t.failed} failed`)
  if (t.fromCache) parts.push(`${t.fromCache} from the cache after a failed call`)
  const how = `${run.cancelled ? ' (cancelled)' : ''}${run.fromCache ? ' in the cache' : ''}`
  return `${t.lookedUp} of ${countOf(run.total, 'key')} looked up${how}: ${parts.join(', ')}; ${countOf(t.intents, 'intent')} found.`
}

export function BulkView() {
  const [params] = useSearchParams()
  const [text, setText] = useState(() => (params.get('keys') ?? '').split(',').join('\n'))
  const parsed = useMemo(() => parseKeys(text), [text])
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const bulk = useBulkLookup()
  const columns = useColumns()
  const tokens = useTokenLabels()
  const [ran, setRan] = useState<ParsedKeys>()
  const rows = useMemo(() => {
    const byKey = new Map(bulk.outcomes.map((o) => [o.key.value, o]))
    return ran && !bulk.running ? keyRows(ran, (k) => byKey.get(k)) : []
  }, [ran, bulk.outcomes, bulk.running])
  const matches = useMemo(() => rows.flatMap((r) => r.matches), [rows])
  // Drawn in a transition, into a table that mounted empty: a report of 200 keys is drawn in slices, not in one task.
  const shownMatches = useDeferredValue(matches, NO_MATCHES)
  const cached = rows.filter((r) => r.fromCache)
  const missing = rows.filter((r) => !r.matches.length)
  // A column of keys is set as the field's value: typed through the editor it is one long task.
  const paste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const el = e.currentTarget
    const next = pastedValue(el.value, el.selectionStart, el.selectionEnd, e.clipboardData.getData('text/plain'))
    if (next === undefined) return
    e.preventDefault()
    setText(next)
  }
  const drop = (e: DragEvent) => {
    e.preventDefault()
    const file = e.dataTransfer.files[0]
    if (file) void file.text().then((t) => setText((prev) => (prev ? `${prev}\n${t}` : t)))
    else setText((prev) => `${prev}\n${e.dataTransfer.getData('text/plain')}`)
  }

  return (
    <section className="view bulk-view" aria-labelledby="bulk-title">
      <ViewHeader title="Bulk lookup" titleId="bulk-title" />
      <label className="bulk-input" onDragOver={(e) => e.preventDefault()} onDrop={drop}>
        <span>Paste or drop up to {MAX_KEYS.toLocaleString('en-US')} keys: intent ids, transaction hashes, owner or deposit addresses (one per line, or a spreadsheet column)</span>
        <textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} onPaste={paste} spellCheck={false} aria-label="Keys" />
      </label>
      <div className="toolbar row">
        <span className="muted small" role="status" aria-label="Keys found">
          {parsedSummary(parsed)}
        </span>
        {bulk.running ? (
          <>
            <progress max={bulk.total} value={bulk.done} aria-label="Keys looked up" /> {bulk.done} of {bulk.total}
            <button type="button" onClick={bulk.cancel}>Cancel</button>
            <RateLimitWait until={bulk.pausedUntil} />
          </>
        ) : (
          <button type="button" disabled={!parsed.keys.length || !profileId} onClick={() => {
            if (!profileId) return
            setRan(parsed)
            bulk.run(parsed.keys, profileId, offline)
          }}>
            Look up {parsed.keys.length} key{parsed.keys.length === 1 ? '' : 's'}{offline ? ' in the cache' : ''}
          </button>
        )}
        <button type="button" disabled={!rows.length} onClick={() => downloadText(toCsv(rows, keyCsvColumns(tokens)), datedFilename('bulk-lookup', 'csv'), 'text/csv')}>
          Export CSV
        </button>
      </div>
      {!bulk.running && bulk.outcomes.length ? (
        <p className="muted small" role="status" aria-label="Lookup result">
          {resultSummary(rows, bulk)}
        </p>
      ) : null}
      {!bulk.running && !bulk.outcomes.length && !parsed.keys.length ? <EmptyState title="No keys yet">Paste a ticket's worth of hashes or addresses above.</EmptyState> : null}
      {matches.length ? <DataTable label="Bulk lookup results" columns={columns} rows={shownMatches} rowKey={matchKey} pureCells /> : null}
      <LineList rows={cached} label="Keys answered from the cache" title={`${countOf(cached.length, 'key')} answered from the cache`} className="card cached-notice" />
      <LineList rows={missing} label="Keys without a match" title={`${missing.length} line${missing.length > 1 ? 's' : ''} without a match`} />
    </section>
  )
}
