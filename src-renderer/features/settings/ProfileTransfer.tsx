import { Fragment, useState } from 'react'
import type { ProfileView } from '@contract/app'
import { Checkbox } from '../../components/Checkbox'
import { ConfirmButtons } from '../../components/ConfirmBar'
import { OpenFileButton } from '../../components/OpenFileButton'
import { ProblemList } from '../../components/ProblemList'
import { readBlobText } from '../../db/transfer'
import { useSaveProfiles } from '../../data/settings'
import { datedFilename, downloadText } from '../../lib/download'
import { useConnection } from '../../stores/connection'
import { KeyForm } from './KeyForm'
import { MAX_PROFILES_FILE_BYTES, planImport, profilesFileText, readProfilesFile, type ImportStep } from './profileFile'

/** Profiles chosen for the file; the built-in simulator is not a profile anyone hands on. */
function ExportPanel({ profiles, onClose }: { profiles: readonly ProfileView[]; onClose: () => void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(profiles.map((p) => p.id)))
  const toggle = (id: string) => setChosen((c) => (c.has(id) ? new Set([...c].filter((x) => x !== id)) : new Set([...c, id])))
  const save = () => {
    downloadText(profilesFileText(profiles.filter((p) => chosen.has(p.id))), datedFilename('intent-explorer-profiles', 'json'), 'application/json')
    onClose()
  }
  return (
    <div className="card" role="group" aria-label="Export profiles">
      <h2>Export profiles</h2>
      <p className="muted small">The file holds each profile's name, service URL and wire form. Access keys are never written to it.</p>
      {profiles.length === 0 ? <p className="muted">There are no profiles of your own to export.</p> : null}
      {profiles.map((p) => (
        <Checkbox key={p.id} className="row" label={<ProfileLabel profile={p} />} checked={chosen.has(p.id)} onChange={() => toggle(p.id)} aria-label={`Export ${p.name}`} />
      ))}
      <ConfirmButtons confirmLabel="Save file" disabled={chosen.size === 0} onConfirm={save} onCancel={onClose} />
    </div>
  )
}

const STEP_TEXT: Record<ImportStep['action'], string> = { add: 'Add', rename: 'Add as', skip: 'Skip' }

/** What the import will do, profile by profile, before anything is saved. */
function ImportPreview({ steps, onImport, onCancel }: { steps: ImportStep[]; onImport: (acceptInsecure: boolean) => void; onCancel: () => void }) {
  const [acceptInsecure, setAcceptInsecure] = useState(false)
  const insecure = steps.filter((s) => s.insecure && s.action !== 'skip')
  const count = steps.filter((s) => s.action !== 'skip' && (!s.insecure || acceptInsecure)).length
  return (
    <div className="card" role="group" aria-label="Import profiles">
      <h2>Import profiles</h2>
      <ul className="profile-import-plan">
        {steps.map((s, i) => (
          <li key={i} data-action={s.action}>
            {/* Names isolated: whatever they hold cannot reorder the URL beside them. */}
            {STEP_TEXT[s.action]} <ProfileLabel profile={{ name: s.name, baseUrl: s.profile.baseUrl }} />
            {s.note ? <span className="muted"> — {s.note}</span> : null}
          </li>
        ))}
      </ul>
      {insecure.length ? (
        <Checkbox
          className="row"
          checked={acceptInsecure}
          onChange={setAcceptInsecure}
          label={
            <>
              {insecure.map((s, i) => (
                <Fragment key={i}>
                  {i ? ', ' : ''}
                  <bdi>{s.name}</bdi>
                </Fragment>
              ))}
              : plain http to another machine, so every call and the access key would travel unencrypted. I accept that (otherwise these are
              left out).
            </>
          }
        />
      ) : null}
      <p className="muted small">Access keys are not part of the file: you will be asked for each imported profile's key.</p>
      <ConfirmButtons confirmLabel={count === 1 ? 'Import 1 profile' : `Import ${count} profiles`} disabled={count === 0} onConfirm={() => onImport(acceptInsecure)} onCancel={onCancel} />
    </div>
  )
}

type ImportOutcome = { importedIds: string[]; failures: string[] }

/** After an import: ask for each new profile's key, and say what could not be imported. */
function ImportResult({ outcome, plainTextBackend, onClose }: { outcome: ImportOutcome; plainTextBackend: boolean; onClose: () => void }) {
  const profiles = useConnection((s) => s.info?.profiles ?? [])
  const imported = outcome.importedIds.map((id) => profiles.find((p) => p.id === id)).filter((p): p is ProfileView => !!p)
  return (
    <div className="card" role="group" aria-label="Imported profiles">
      <h2>{imported.length === 1 ? 'Imported 1 profile' : `Imported ${imported.length} profiles`}</h2>
      {imported.length ? <p>Profiles come without their access keys. Enter each one's key now (or later, on its card below).</p> : null}
      {imported.map((p) => (
        <div key={p.id}>
          <ProfileLabel profile={p} />
          <KeyForm profile={p} plainTextBackend={plainTextBackend} />
        </div>
      ))}
      {outcome.failures.length ? <ProblemList className="field-error" title={<p>Not imported:</p>} lines={outcome.failures} /> : null}
      <button type="button" onClick={onClose}>
        Done
      </button>
    </div>
  )
}

/** Saves the planned profiles one by one (each as a new profile: nothing is overwritten). */
async function runImport(steps: readonly ImportStep[], acceptInsecure: boolean, save: ReturnType<typeof useSaveProfiles>['mutateAsync']): Promise<ImportOutcome> {
  const todo = steps.filter((s) => s.action !== 'skip')
  const saved = todo.filter((s) => !s.insecure || acceptInsecure)
  const refused = todo.filter((s) => !saved.includes(s)).map((s) => `${s.name}: plain http to another machine was not accepted`)
  const outcome: ImportOutcome = { importedIds: [], failures: refused }
  const profileOf = ({ profile: { name: _name, allowInsecureHttp: _allow, ...rest }, name, insecure }: ImportStep) => ({ ...rest, name, allowInsecureHttp: insecure ? true : undefined })
  const results = await save(saved.map(profileOf))
  results.forEach((r, i) => (r.ok ? outcome.importedIds.push(r.value.id) : outcome.failures.push(`${saved[i].name}: ${r.error.message}`)))
  return outcome
}

type Stage = { s: 'idle' } | { s: 'export' } | { s: 'problems'; file: string; problems: string[] } | { s: 'preview'; steps: ImportStep[] } | { s: 'done'; outcome: ImportOutcome }

/** Export the chosen profiles to a file, and import a file of profiles, never with their keys. */
export function ProfileTransfer({ profiles, plainTextBackend }: { profiles: readonly ProfileView[]; plainTextBackend: boolean }) {
  const [stage, setStage] = useState<Stage>({ s: 'idle' })
  const saveProfiles = useSaveProfiles()
  const own = profiles.filter((p) => !p.builtIn)
  const open = async (file: File) => {
    if (file.size > MAX_PROFILES_FILE_BYTES) return setStage({ s: 'problems', file: file.name, problems: ['The file is far larger than a profiles file.'] })
    const text = await readBlobText(file).catch(() => undefined)
    if (text === undefined) return setStage({ s: 'problems', file: file.name, problems: ['The file could not be read.'] })
    const read = readProfilesFile(text)
    if (!read.ok) return setStage({ s: 'problems', file: file.name, problems: read.problems })
    setStage({ s: 'preview', steps: planImport(read.profiles, profiles) })
  }
  const idle = () => setStage({ s: 'idle' })
  return (
    <>
      <div className="row">
        <button type="button" onClick={() => setStage({ s: 'export' })}>
          Export profiles…
        </button>
        <OpenFileButton label="Import profiles…" accept=".json,application/json" testId="profiles-file" onFile={(file) => void open(file)} />
      </div>
      {stage.s === 'export' ? <ExportPanel profiles={own} onClose={idle} /> : null}
      {stage.s === 'problems' ? (
        <ProblemList className="notice notice-error" label="Profiles file problems" title={<strong>{stage.file} cannot be imported:</strong>} lines={stage.problems} />
      ) : null}
      {stage.s === 'preview' ? (
        <ImportPreview steps={stage.steps} onCancel={idle} onImport={(accept) => void runImport(stage.steps, accept, saveProfiles.mutateAsync).then((outcome) => setStage({ s: 'done', outcome }))} />
      ) : null}
      {stage.s === 'done' ? <ImportResult outcome={stage.outcome} plainTextBackend={plainTextBackend} onClose={idle} /> : null}
    </>
  )
}

/** What stopped a file or a profile, one line each, announced as it appears. */
/** A profile as the transfer lists show it: its name isolated from the text around it, and the service it points at. */
function ProfileLabel({ profile }: { profile: { name: string; baseUrl: string } }) {
  return (
    <>
      <strong>
        <bdi>{profile.name}</bdi>
      </strong>{' '}
      <code className="muted" dir="ltr">
        {profile.baseUrl}
      </code>
    </>
  )
}
