import { useRef, useState } from 'react'
import type { ProfileView } from '@contract/app'
import { messageOf, type SvcError } from '@contract/errors'
import { ConfirmButtons } from '../../components/ConfirmBar'
import { DataTable, type Column } from '../../components/DataTable'
import { ProblemList } from '../../components/ProblemList'
import { SelectField } from '../../components/SelectField'
import { STORES } from '../../db'
import { CacheFileError, parseCacheFile, readBlobText, type CacheFile, type ImportResult, type TransferProgress } from '../../db/transfer'
import { useImportCache } from '../../data/cacheAdmin'
import { formatBytes, formatCount, formatDateTime } from '../../lib/format'
import { profileLabel, profileOptions } from './format'
import { ProgressLine } from './ProgressLine'

type State =
  | { status: 'idle' }
  | { status: 'checking'; fileName: string; progress: { done: number; total: number } }
  | { status: 'invalid'; fileName: string; message: string; issues: string[] }
  | { status: 'ready'; fileName: string; size: number; file: CacheFile }
  | { status: 'importing'; fileName: string; progress: TransferProgress }
  | { status: 'done'; fileName: string; result: ImportResult }
  | { status: 'failed'; fileName: string; message: string }

const fileCounts = (file: CacheFile, profiles: ReadonlySet<string>) =>
  STORES.flatMap((s) => {
    const records = (file.stores as Record<string, Array<{ profileId: string }> | undefined>)[s.name]
    return records ? [{ store: s, count: records.filter((r) => profiles.has(r.profileId)).length }] : []
  })

type Target = 'original' | 'active'

/** The import's steps: check the picked file, then write it under the chosen profile. */
function useImport(activeProfileId: string | undefined) {
  const [state, setState] = useState<State>({ status: 'idle' })
  const importing = useImportCache()
  const [target, setTarget] = useState<Target>('original')
  const [fromProfile, setFromProfile] = useState('')
  const input = useRef<HTMLInputElement>(null)

  const reset = () => {
    setState({ status: 'idle' })
    if (input.current) input.current.value = ''
  }

  const check = async (picked: File | undefined) => {
    if (!picked) return reset()
    const fileName = picked.name
    setState({ status: 'checking', fileName, progress: { done: 0, total: 0 } })
    try {
      const text = await readBlobText(picked)
      const file = await parseCacheFile(text, (progress) => setState({ status: 'checking', fileName, progress }))
      setTarget('original')
      setFromProfile(file.profiles[0]?.profileId ?? '')
      setState({ status: 'ready', fileName, size: picked.size, file })
    } catch (e) {
      const bad = e instanceof CacheFileError ? e : { message: `The file could not be read: ${messageOf(e)}`, issues: [] }
      setState({ status: 'invalid', fileName, message: bad.message, issues: bad.issues })
    }
  }

  const run = async (file: CacheFile, fileName: string) => {
    const into = target === 'active' ? activeProfileId : undefined
    const profiles = into && file.profiles.length > 1 ? [fromProfile] : undefined
    setState({ status: 'importing', fileName, progress: { done: 0, total: 0, phase: 'writing' } })
    try {
      const result = await importing.mutateAsync({ file, options: { into, profiles }, onProgress: (progress) => setState({ status: 'importing', fileName, progress }) })
      setState({ status: 'done', fileName, result })
    } catch (e) {
      setState({ status: 'failed', fileName, message: (e as SvcError).message })
    }
  }
  return { state, target, setTarget, fromProfile, setFromProfile, input, reset, check, run }
}

/** What an import changed: records added, replaced and left out as older, and times clamped. */
function ImportSummaryLine({ fileName, result }: { fileName: string; result: ImportResult }) {
  const { added, replaced, skipped, clampedTimes } = result
  return (
    <div role="status" aria-label="Import result">
      <p className="tone-ok">
        Imported {fileName}: {formatCount(added)} added, {formatCount(replaced)} replaced, {formatCount(skipped)} skipped as no newer than
        the cache’s copies{clampedTimes ? `; ${formatCount(clampedTimes)} time${clampedTimes === 1 ? '' : 's'} later than the file’s export or now clamped to it` : ''}.
      </p>
      <p className="muted small">The next answer from the service replaces any imported record, whatever its time.</p>
    </div>
  )
}

/** How a check or an import ended: the file's problems, the records written, or the rollback. */
function ImportOutcome({ state }: { state: State }) {
  if (state.status === 'invalid')
    return (
      <ProblemList
        className="notice notice-error"
        title={
          <>
            <strong>{state.fileName} cannot be imported</strong>
            <p>{state.message}</p>
          </>
        }
        listClassName="cache-issues"
        lines={state.issues.map((i) => <code>{i}</code>)}
      >
        <p className="muted">Nothing was changed.</p>
      </ProblemList>
    )
  if (state.status === 'done') return <ImportSummaryLine fileName={state.fileName} result={state.result} />
  if (state.status === 'failed')
    return (
      <div className="notice notice-error" role="alert">
        <strong>The import failed and was rolled back</strong>
        <p>{state.message}</p>
        <p className="muted">The cache is as it was before the import.</p>
      </div>
    )
  return null
}

/**
 * Import in two steps: the whole file is validated and summarised first, and nothing is
 * written until the person confirms. The write is one transaction: all or nothing.
 */
export function ImportCard({ appProfiles, activeProfileId }: { appProfiles: readonly ProfileView[] | undefined; activeProfileId: string | undefined }) {
  const { state, input, check, run, reset, ...choice } = useImport(activeProfileId)
  const busy = state.status === 'checking' || state.status === 'importing'
  return (
    <section className="card" aria-labelledby="cache-import-title">
      <h2 id="cache-import-title">Import</h2>
      <p className="muted">
        Read an export made here or on another machine. The file is checked completely before anything is written, and an
        import that fails part-way leaves the cache as it was.
      </p>
      <label className="field cache-file">
        Export file
        <input ref={input} type="file" accept=".json,application/json" disabled={busy} onChange={(e) => void check(e.target.files?.[0])} />
      </label>

      {state.status === 'checking' ? <ProgressLine label="Checking the file" progress={state.progress} /> : null}
      {state.status === 'ready' ? (
        <ImportSummary
          fileName={state.fileName}
          size={state.size}
          file={state.file}
          appProfiles={appProfiles}
          activeProfileId={activeProfileId}
          {...choice}
          onImport={() => void run(state.file, state.fileName)}
          onCancel={reset}
        />
      ) : null}
      {state.status === 'importing' ? <ProgressLine label="Import progress" progress={state.progress} /> : null}
      <ImportOutcome state={state} />
    </section>
  )
}

type StoreCount = ReturnType<typeof fileCounts>[number]

const COUNT_COLUMNS: Column<StoreCount>[] = [
  { id: 'store', header: 'Store', rowHeader: true, cell: (c) => c.store.label },
  { id: 'count', header: 'Records to import', align: 'right', cell: (c) => formatCount(c.count) },
]

interface TargetProps {
  file: CacheFile
  appProfiles: readonly ProfileView[] | undefined
  activeProfileId: string | undefined
  target: Target
  setTarget(t: Target): void
  fromProfile: string
  setFromProfile(p: string): void
}

/** Under which profile the records go: their own, or the active one (from one chosen profile of the file). */
function TargetChoice({ file, appProfiles, activeProfileId, target, setTarget, fromProfile, setFromProfile }: TargetProps) {
  const intoActive = target === 'active' && activeProfileId !== undefined
  return (
    <fieldset className="cache-target">
      <legend>Import under</legend>
      <label className="cache-check">
        <input type="radio" name="cache-import-target" checked={target === 'original'} onChange={() => setTarget('original')} />
        their own profiles:{' '}
        {file.profiles.map((p) => `${profileLabel(appProfiles, p.profileId)}${p.baseUrls.length ? ` (${p.baseUrls.join(', ')})` : ''}`).join('; ')}
      </label>
      <label className="cache-check">
        <input type="radio" name="cache-import-target" checked={target === 'active'} disabled={activeProfileId === undefined} onChange={() => setTarget('active')} />
        the active profile{activeProfileId !== undefined ? `, ${profileLabel(appProfiles, activeProfileId)}` : ' (not known yet)'}
      </label>
      {intoActive && file.profiles.length > 1 ? (
        <SelectField label="Profile from the file" value={fromProfile} options={profileOptions(file.profiles, appProfiles)} onChange={setFromProfile} />
      ) : null}
    </fieldset>
  )
}

function ImportSummary(props: TargetProps & { fileName: string; size: number; onImport(): void; onCancel(): void }) {
  const { fileName, size, file, target, activeProfileId, fromProfile } = props
  const intoActive = target === 'active' && activeProfileId !== undefined
  const chosen = new Set(intoActive && file.profiles.length > 1 ? [fromProfile] : file.profiles.map((p) => p.profileId))
  const counts = fileCounts(file, chosen)
  const total = counts.reduce((n, c) => n + c.count, 0)
  return (
    <div className="cache-summary" aria-label="Import summary">
      <p>
        <strong>{fileName}</strong> <span className="muted">({formatBytes(size)})</span> — exported {formatDateTime(file.exportedAt)}, cache
        version {file.version}, {file.profiles.length} profile{file.profiles.length === 1 ? '' : 's'}.
      </p>
      <DataTable label="Records in the file" className="cache-counts" columns={COUNT_COLUMNS} rows={counts} rowKey={(c) => c.store.name} />
      <TargetChoice {...props} />
      <ConfirmButtons confirmLabel={`Import ${formatCount(total)} records`} disabled={!total} onConfirm={props.onImport} onCancel={props.onCancel} />
    </div>
  )
}
