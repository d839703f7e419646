import { useMemo, useState, type DragEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DataTable, type Column } from '../../components/DataTable'
import { EmptyState } from '../../components/EmptyState'
import { Hex } from '../../components/Hex'
import { StatusBadge } from '../../components/StatusBadge'
import { toCsv, type CsvColumn } from '../../lib/csv'
import { datedFilename, downloadText } from '../../lib/download'
import { KIND_LABEL } from '../../lib/classifyInput'
import { useOfflineMode } from '../../stores/cache'
import { useChainsById } from '../../data/reference/chains'
import { chainName } from '../../lib/chains'
import { useConnection } from '../../stores/connection'
import { MAX_KEYS, parseKeys } from './keys'
import type { BulkMatch } from './resolve'
import { useBulkLookup, type BulkOutcome } from './useBulkLookup'
import { ViewHeader } from '../../components/ViewHeader'

const CSV: CsvColumn<BulkMatch>[] = [
  { header: 'key', value: (m) => m.key },
  { header: 'intentId', value: (m) => m.intentId },
  { header: 'status', value: (m) => m.status },
  { header: 'originChainId', value: (m) => m.originChainId },
  { header: 'originTokenAddress', value: (m) => m.originTokenAddress },
  { header: 'originAmount', value: (m) => m.originAmount },
  { header: 'destinationChainId', value: (m) => m.destinationChainId },
  { header: 'destinationTokenAddress', value: (m) => m.destinationTokenAddress },
  { header: 'destinationAmount', value: (m) => m.destinationAmount },
  { header: 'reason', value: (m) => m.reason },
]

function useColumns(): Column<BulkMatch>[] {
  const chains = useChainsById()
  return useMemo(
    () => [
      { id: 'key', header: 'Key', sortValue: (m) => m.key, cell: (m) => <Hex value={m.key} /> },
      { id: 'status', header: 'Status', sortValue: (m) => m.status, cell: (m) => <StatusBadge status={m.status} /> },
      { id: 'intent', header: 'Intent', cell: (m) => <Link to={`/intent/${encodeURIComponent(m.intentId)}`} data-intent={m.intentId}><Hex value={m.intentId} /></Link> },
      { id: 'route', header: 'Route', cell: (m) => `${chainName(chains, m.originChainId)} → ${chainName(chains, m.destinationChainId)}`, wrap: true },
      { id: 'sent', header: 'Sent (base units)', align: 'right', cell: (m) => m.originAmount ?? '—' },
      { id: 'quoted', header: 'Quoted out (base units)', align: 'right', cell: (m) => m.destinationAmount ?? '—' },
      { id: 'reason', header: 'Reason', cell: (m) => m.reason ?? '', wrap: true },
    ],
    [chains],
  )
}

/** Keys that led nowhere or failed, listed rather than dropped. */
function Unresolved({ outcomes }: { outcomes: BulkOutcome[] }) {
  const missing = outcomes.filter((o) => o.error || !o.matches?.length)
  if (!missing.length) return null
  return (
    <section className="card" aria-label="Keys without a match">
      <h2>{missing.length} key{missing.length > 1 ? 's' : ''} without a match</h2>
      <ul className="bulk-unresolved">
        {missing.map((o) => (
          <li key={o.key.value} data-key={o.key.value}>
            <code>{o.key.value}</code> <span className="muted">({KIND_LABEL[o.key.kind]})</span> — {o.error ? o.error.message : 'no intent found'}
          </li>
        ))}
      </ul>
    </section>
  )
}

export function BulkView() {
  const [params] = useSearchParams()
  const [text, setText] = useState(() => (params.get('keys') ?? '').split(',').join('\n'))
  const parsed = useMemo(() => parseKeys(text), [text])
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const bulk = useBulkLookup()
  const columns = useColumns()
  const matches = useMemo(() => bulk.outcomes.flatMap((o) => o.matches ?? []), [bulk.outcomes])
  const drop = (e: DragEvent) => {
    e.preventDefault()
    const file = e.dataTransfer.files[0]
    if (file) void file.text().then((t) => setText((prev) => (prev ? `${prev}\n${t}` : t)))
    else setText((prev) => `${prev}\n${e.dataTransfer.getData('text/plain')}`)
  }

  return (
    <section className="view bulk-view" aria-labelledby="bulk-title">
      <ViewHeader title="Bulk lookup" titleId="bulk-title">
      </ViewHeader>
      <label className="bulk-input" onDragOver={(e) => e.preventDefault()} onDrop={drop}>
        <span>Paste or drop up to {MAX_KEYS.toLocaleString('en-US')} keys: intent ids, transaction hashes, owner or deposit addresses (one per line, or a spreadsheet column)</span>
        <textarea rows={8} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} aria-label="Keys" />
      </label>
      <div className="toolbar row">
        <span className="muted small" role="status" aria-label="Keys found">
          {parsed.keys.length} key{parsed.keys.length === 1 ? '' : 's'}
          {parsed.duplicates ? `; ${parsed.duplicates} repeated` : ''}
          {parsed.overCap ? `; ${parsed.overCap} over the limit of ${MAX_KEYS} will not be looked up` : ''}
        </span>
        {bulk.running ? (
          <>
            <progress max={bulk.total} value={bulk.done} aria-label="Keys looked up" /> {bulk.done} of {bulk.total}
            <button type="button" onClick={bulk.cancel}>Cancel</button>
          </>
        ) : (
          <button type="button" disabled={!parsed.keys.length || !profileId} onClick={() => profileId && bulk.run(parsed.keys, profileId, offline)}>
            Look up {parsed.keys.length} key{parsed.keys.length === 1 ? '' : 's'}{offline ? ' in the cache' : ''}
          </button>
        )}
        <button type="button" disabled={!matches.length} onClick={() => downloadText(toCsv(matches, CSV), datedFilename('bulk-lookup', 'csv'), 'text/csv')}>
          Export CSV
        </button>
      </div>
      {!bulk.running && bulk.outcomes.length ? (
        <p className="muted small" role="status" aria-label="Lookup result">
          {bulk.outcomes.length} of {bulk.total} keys looked up{bulk.cancelled ? ' (cancelled)' : ''}{bulk.fromCache ? ' in the cache' : ''}: {matches.length} intent{matches.length === 1 ? '' : 's'} found.
        </p>
      ) : null}
      {!bulk.running && !bulk.outcomes.length && !parsed.keys.length ? <EmptyState title="No keys yet">Paste a ticket's worth of hashes or addresses above.</EmptyState> : null}
      {matches.length ? <DataTable label="Bulk lookup results" columns={columns} rows={matches} rowKey={(m) => `${m.key}|${m.intentId}`} /> : null}
      <Unresolved outcomes={bulk.outcomes} />
    </section>
  )
}
