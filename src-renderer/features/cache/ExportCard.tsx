import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { ProfileView } from '@contract/app'
import { storageErrorMessage, STORES, type StoreName } from '../../db'
import { exportCache, type TransferProgress } from '../../db/transfer'
import { downloadBlob } from '../../lib/download'
import { formatBytes, formatCount } from '../../lib/format'
import { profileLabel } from './format'
import { ProgressLine } from './ProgressLine'
import { Checkbox } from '../../components/Checkbox'
import type { Inventory } from '../../data/cacheAdmin'

const EXPORTABLE = STORES.filter((s) => s.kind !== 'derived')

/** Everything, or a chosen set of stores and profiles, to one JSON file. */
export function ExportCard({ inventory, appProfiles }: { inventory: Inventory; appProfiles: readonly ProfileView[] | undefined }) {
  const [stores, setStores] = useState<ReadonlySet<StoreName>>(() => new Set(EXPORTABLE.map((s) => s.name)))
  const [profiles, setProfiles] = useState<ReadonlySet<string> | null>(null)
  const [progress, setProgress] = useState<TransferProgress>({ done: 0, total: 0, phase: 'reading' })
  const chosenProfiles = profiles ?? new Set(inventory.profiles.map((p) => p.profileId))
  const toggle = <T,>(set: ReadonlySet<T>, value: T) => new Set(set.has(value) ? [...set].filter((v) => v !== value) : [...set, value])
  const countOf = (name: StoreName) => {
    const inv = inventory.stores.find((s) => s.store.name === name)
    return inv ? [...chosenProfiles].reduce((n, p) => n + (inv.counts[p] ?? 0), 0) : 0
  }
  const selected = [...stores].reduce((n, s) => n + countOf(s), 0)

  const exporting = useMutation({
    mutationFn: () => {
      setProgress({ done: 0, total: selected, phase: 'reading' })
      return exportCache({ stores: [...stores], profiles: [...chosenProfiles] }, setProgress)
    },
    onSuccess: (result) => downloadBlob(result.blob, result.fileName),
  })
  const done = exporting.data
  const running = exporting.isPending
  return (
    <section className="card" aria-labelledby="cache-export-title">
      <h2 id="cache-export-title">Export</h2>
      <p className="muted">A JSON file to keep, or to import on another machine. The search index is rebuilt on import.</p>
      <div className="cache-choices">
        <fieldset disabled={running}>
          <legend>Stores</legend>
          {EXPORTABLE.map((s) => (
            <Checkbox key={s.name} className="cache-check" label={<>{s.label} <span className="muted">({formatCount(countOf(s.name))})</span></>} checked={stores.has(s.name)} onChange={() => setStores((set) => toggle(set, s.name))} />
          ))}
        </fieldset>
        <fieldset disabled={running}>
          <legend>Profiles</legend>
          {inventory.profiles.map((p) => (
            <Checkbox
              key={p.profileId}
              className="cache-check"
              label={<>{profileLabel(appProfiles, p.profileId)}{p.baseUrls.length ? <span className="muted small"> {p.baseUrls.join(', ')}</span> : null}</>}
              checked={chosenProfiles.has(p.profileId)}
              onChange={() => setProfiles(toggle(chosenProfiles, p.profileId))}
            />
          ))}
          {!inventory.profiles.length ? <p className="muted">No profile has cached data.</p> : null}
        </fieldset>
      </div>
      <div className="row cache-actions">
        <button type="button" className="primary" onClick={() => exporting.mutate()} disabled={running || !stores.size || !chosenProfiles.size}>
          Export {formatCount(selected)} records
        </button>
      </div>
      {running ? <ProgressLine label="Export progress" progress={progress} /> : null}
      {done ? (
        <p role="status" className="tone-ok">
          Exported {formatCount(Object.values(done.counts).reduce((a, b) => a + (b ?? 0), 0))} records ({formatBytes(done.blob.size)}) to {done.fileName}.
        </p>
      ) : null}
      {exporting.isError ? (
        <p role="alert" className="field-error">
          Export failed: {storageErrorMessage(exporting.error)}
        </p>
      ) : null}
    </section>
  )
}
