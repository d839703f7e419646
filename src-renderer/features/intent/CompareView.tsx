import { useMemo, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DataTable, type Column } from '../../components/DataTable'
import { ShownAge } from '../../components/CachedNotice'
import { EmptyState } from '../../components/EmptyState'
import { ErrorNotice } from '../../components/ErrorNotice'
import { formatDateTime, shortHex } from '../../lib/format'
import { useOfflineMode } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { diffObjects, leafText, readableLeaf, type DiffRow } from './diff'
import { makeTokenLookup } from './tokenLookup'
import { useChainsById, useTokenLabels } from '../../lib/displaySources'
import type { Intent } from '@contract/service'
import { useAvailableVersions, useCompareSide, type CompareSide } from './useCompareSide'
import { SelectField } from '../../components/SelectField'
import { FormField } from '../../components/FormField'
import { ViewHeader } from '../../components/ViewHeader'
import { Checkbox } from '../../components/Checkbox'
import { intentPath } from '../../components/IntentLink'
import { useDraft } from '../../lib/useDraft'
import { useUrlParam } from '../../lib/useUrlParam'

type SideKey = 'a' | 'b'

const readSide = (params: URLSearchParams, key: SideKey): { id: string; version?: number } => {
  const v = Number(params.get(`${key}v`))
  return { id: (params.get(key) ?? '').trim(), version: Number.isSafeInteger(v) && v > 0 ? v : undefined }
}

const versionLabel = (fetchedAt: number, origin: 'service' | 'cache') =>
  `Copy fetched ${formatDateTime(fetchedAt)}${origin === 'cache' ? ' (from the cache)' : ''}`

function SidePicker({
  side,
  draft,
  onChange,
  error,
  profileId,
}: {
  side: SideKey
  draft: { id: string; version: string }
  onChange(next: { id: string; version: string }): void
  error?: string
  profileId: string | undefined
}) {
  const versions = useAvailableVersions(profileId, draft.id.trim())
  return (
    <fieldset className="intent-compare-side">
      <legend>Side {side.toUpperCase()}</legend>
      <FormField label="Intent id" error={error}>
        <input value={draft.id} placeholder="0x…" spellCheck={false} onChange={(e) => onChange({ id: e.target.value, version: '' })} />
      </FormField>
      <SelectField
        label="Copy"
        value={draft.version}
        options={[{ value: '', label: 'As it is now' }, ...(versions ?? []).map((v) => ({ value: String(v.fetchedAt), label: versionLabel(v.fetchedAt, v.origin) }))]}
        onChange={(version) => onChange({ ...draft, version })}
      />
    </fieldset>
  )
}

/**
 * A side's state; once shown, its age in the one wording of every view (`ShownAge`): when
 * the service answered GetIntent for that copy, as the cached-data notice when offline or
 * when its GetIntent failed. A cached copy picked while online was still fetched from the
 * service then.
 */
function SideState({ label, side, offline }: { label: string; side: CompareSide; offline: boolean }) {
  if (side.status === 'loading') return <p className="muted">Loading {label}…</p>
  if (side.status === 'ok') {
    const shown = { fetchedAt: side.fetchedAt, fromCache: side.fromCache && (offline || !!side.liveError), liveError: side.liveError }
    return <ShownAge shown={shown} onRetry={side.retry} what={`${label} from the service (GetIntent)`} />
  }
  if (side.status === 'error')
    return side.error && side.error.kind !== 'NotFound' ? (
      <ErrorNotice error={side.error} onRetry={side.retry} />
    ) : (
      <p className="notice notice-warn" role="alert">
        {label}: {side.message}
      </p>
    )
  return null
}

type SideParams = ReturnType<typeof readSide>

const heading = (params: SideParams, side: CompareSide) =>
  side.status === 'ok' ? `${shortHex(params.id, 8, 6)} · fetched ${formatDateTime(side.fetchedAt)}` : shortHex(params.id, 8, 6)

type Drafts = Record<SideKey, { id: string; version: string }>
const draftOf = (side: SideParams) => ({ id: side.id, version: side.version ? String(side.version) : '' })

/** Why the chosen pair cannot be compared, per side; empty when it can. */
function draftProblems(drafts: Drafts): Partial<Record<SideKey, string>> {
  const missing: Partial<Record<SideKey, string>> = {}
  for (const k of ['a', 'b'] as const) if (!drafts[k].id.trim()) missing[k] = 'Enter an intent id'
  if (!missing.a && !missing.b && drafts.a.id.trim().toLowerCase() === drafts.b.id.trim().toLowerCase() && drafts.a.version === drafts.b.version)
    missing.b = 'Pick another intent, or another copy of the same intent'
  return missing
}

/** The form's drafts, following the URL (back/forward changes it, and the form shows what is compared), and the submit that writes a valid pair into it. */
function useCompareForm(a: SideParams, b: SideParams, setParams: ReturnType<typeof useSearchParams>[1]) {
  const [drafts, setDrafts] = useDraft<Drafts>({ a: draftOf(a), b: draftOf(b) })
  const [errors, setErrors] = useState<Partial<Record<SideKey, string>>>({})

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const missing = draftProblems(drafts)
    setErrors(missing)
    if (missing.a || missing.b) return
    setParams((p) => {
      for (const k of ['a', 'b'] as const) {
        p.set(k, drafts[k].id.trim())
        if (drafts[k].version) p.set(`${k}v`, drafts[k].version)
        else p.delete(`${k}v`)
      }
      return p
    })
  }
  const setSide = (k: SideKey) => (d: Drafts[SideKey]) => setDrafts((x) => ({ ...x, [k]: d }))
  const swap = () => setDrafts((d) => ({ a: d.b, b: d.a }))
  return { drafts, errors, submit, swap, setSide }
}

/** "Only differences", in the URL (`diff=1`) and held here too. */
function useOnlyDiffs() {
  // Held here as well as in the URL: the URL changes in a transition, and a controlled
  // checkbox must not flip back while a data update renders first.
  const [diff, setDiff] = useUrlParam('diff')
  const [onlyDiffs, showOnlyDiffs] = useDraft(diff === '1')
  const setOnlyDiffs = (on: boolean) => {
    showOnlyDiffs(on)
    setDiff(on ? '1' : '')
  }
  return [onlyDiffs, setOnlyDiffs] as const
}

function CompareForm({ form, profileId }: { form: ReturnType<typeof useCompareForm>; profileId: string | undefined }) {
  return (
    <form className="card intent-compare-form" onSubmit={form.submit} aria-label="Choose what to compare" noValidate>
      <div className="intent-compare-pickers">
        <SidePicker side="a" draft={form.drafts.a} error={form.errors.a} profileId={profileId} onChange={form.setSide('a')} />
        <SidePicker side="b" draft={form.drafts.b} error={form.errors.b} profileId={profileId} onChange={form.setSide('b')} />
      </div>
      <p className="muted small">Earlier copies of an intent are the ones fetched since the app started, and the copy the cache held before that.</p>
      <div className="row">
        <button type="submit" className="primary">
          Compare
        </button>
        <button type="button" onClick={form.swap}>
          Swap sides
        </button>
      </div>
    </form>
  )
}

interface TableProps {
  rows: DiffRow[]
  headings: [string, string]
  intents: [Intent, Intent]
  onlyDiffs: boolean
  setOnlyDiffs(on: boolean): void
}

/** A raw value with, below it, how a person reads it (token units, a chain's name) when that differs. */
function Leaf({ path, value, intent }: { path: string; value: unknown; intent: Intent }) {
  const chains = useChainsById()
  const tokenOf = makeTokenLookup(intent, undefined, useTokenLabels())
  const readable = readableLeaf(path, value, intent, tokenOf, chains)
  return (
    <>
      {leafText(value)}
      {readable ? <div className="muted small intent-compare-readable">{readable}</div> : null}
    </>
  )
}

function ComparisonTable({ rows, headings, intents, onlyDiffs, setOnlyDiffs }: TableProps) {
  const differing = rows.filter((r) => !r.same).length
  const shownRows = onlyDiffs ? rows.filter((r) => !r.same) : rows
  const columns: Column<DiffRow>[] = [
    { id: 'field', header: 'Field', rowHeader: true, className: 'mono intent-compare-path', cell: (r) => r.path },
    { id: 'a', header: `A: ${headings[0]}`, className: 'mono', cell: (r) => <Leaf path={r.path} value={r.left} intent={intents[0]} /> },
    { id: 'b', header: `B: ${headings[1]}`, className: 'mono', cell: (r) => <Leaf path={r.path} value={r.right} intent={intents[1]} /> },
  ]
  return (
    <div className="card">
      <div className="row intent-compare-summary">
        <strong role="status">{differing === 0 ? 'No differences' : `${differing} of ${rows.length} fields differ`}</strong>
        <Checkbox label="Only differences" checked={onlyDiffs} onChange={setOnlyDiffs} />
      </div>
      {/* Drawn whole: a comparison is read and searched (find in page) as one. */}
      <DataTable
        label="Field comparison"
        className="intent-compare-table"
        columns={columns}
        rows={shownRows}
        rowKey={(r) => r.path}
        rowProps={(r) => (r.same ? {} : { className: 'intent-compare-diff', 'data-differs': 'true' })}
        drawAll
      />
      {onlyDiffs && differing === 0 ? <p className="muted">Both sides are identical.</p> : null}
    </div>
  )
}

/**
 * Two intents, or one intent at two fetch times, field by field. The sides live in the
 * URL (`a`, `b`, and `av`/`bv` for an earlier copy's fetch time), so a comparison can be
 * bookmarked and reopened.
 */
export function CompareView() {
  const [params, setParams] = useSearchParams()
  const a = readSide(params, 'a')
  const b = readSide(params, 'b')
  const [onlyDiffs, setOnlyDiffs] = useOnlyDiffs()
  const profileId = useConnection((s) => s.info?.activeProfileId)
  const offline = useOfflineMode()
  const left = useCompareSide(profileId, a.id, a.version)
  const right = useCompareSide(profileId, b.id, b.version)
  const form = useCompareForm(a, b, setParams)

  const rows = useMemo(
    () => (left.status === 'ok' && right.status === 'ok' ? diffObjects(left.intent, right.intent) : undefined),
    [left, right],
  )

  return (
    <section className="view intent-compare-view" aria-labelledby="compare-title">
      <ViewHeader title="Compare intents" titleId="compare-title">
        {a.id ? <Link to={intentPath(a.id)}>Back to intent {shortHex(a.id)}</Link> : null}
      </ViewHeader>
      <CompareForm form={form} profileId={profileId} />

      <SideState label="Side A" side={left} offline={offline} />
      <SideState label="Side B" side={right} offline={offline} />

      {!a.id || !b.id ? (
        <EmptyState title="Choose two intents">Enter two intent ids, or one id twice with two different copies, then press Compare.</EmptyState>
      ) : null}

      {rows && left.status === 'ok' && right.status === 'ok' ? (
        <ComparisonTable rows={rows} headings={[heading(a, left), heading(b, right)]} intents={[left.intent, right.intent]} onlyDiffs={onlyDiffs} setOnlyDiffs={setOnlyDiffs} />
      ) : null}
    </section>
  )
}
