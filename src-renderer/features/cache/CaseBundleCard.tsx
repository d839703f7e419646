import { useState, type FormEvent } from 'react'
import type { ProfileView } from '@contract/app'
import { SelectField } from '../../components/SelectField'
import { storageErrorMessage, type CachedProfile } from '../../db'
import { buildCaseBundle, caseBundleFiles, type CaseBundle } from './caseBundle'
import { downloadBlob } from '../../lib/download'
import { profileLabel, profileOptions } from './format'

type State = { status: 'idle' } | { status: 'missing'; intentId: string } | { status: 'ready'; bundle: CaseBundle } | { status: 'error'; message: string }

/** One intent's cached facts, notes and explorer links as a file to attach to a ticket. */
export function CaseBundleCard({
  profiles,
  appProfiles,
  activeProfileId,
  initialIntentId,
}: {
  profiles: readonly CachedProfile[]
  appProfiles: readonly ProfileView[] | undefined
  activeProfileId: string | undefined
  initialIntentId: string
}) {
  const [intentId, setIntentId] = useState(initialIntentId)
  const cachedActive = profiles.some((p) => p.profileId === activeProfileId)
  const [profileId, setProfileId] = useState(cachedActive ? activeProfileId! : (profiles[0]?.profileId ?? ''))
  const [state, setState] = useState<State>({ status: 'idle' })

  const build = async (e: FormEvent) => {
    e.preventDefault()
    const id = intentId.trim()
    if (!id || !profileId) return
    try {
      const bundle = await buildCaseBundle(profileId, id)
      setState(bundle ? { status: 'ready', bundle } : { status: 'missing', intentId: id })
    } catch (err) {
      setState({ status: 'error', message: storageErrorMessage(err) })
    }
  }

  return (
    <section className="card" aria-labelledby="cache-bundle-title">
      <h2 id="cache-bundle-title">Case bundle</h2>
      <p className="muted">Everything cached about one intent — receipt, timeline, notes and explorer links — as JSON and as text.</p>
      <form className="toolbar" onSubmit={build} aria-label="Case bundle">
        <label>
          Intent id
          <input className="mono cache-intent-input" value={intentId} onChange={(e) => setIntentId(e.target.value)} placeholder="0x…" />
        </label>
        <SelectField label="Profile" value={profileId} options={profileOptions(profiles, appProfiles)} onChange={(id) => setProfileId(id)} disabled={!profiles.length} />
        <button type="submit" disabled={!intentId.trim() || !profileId}>
          Build case bundle
        </button>
      </form>
      {state.status === 'missing' ? (
        <p role="status" className="muted">
          Nothing is cached for {state.intentId} in {profileLabel(appProfiles, profileId)}. Open the intent online first.
        </p>
      ) : null}
      {state.status === 'error' ? (
        <p role="alert" className="field-error">
          {state.message}
        </p>
      ) : null}
      {state.status === 'ready' ? <BundlePreview bundle={state.bundle} /> : null}
    </section>
  )
}

function BundlePreview({ bundle }: { bundle: CaseBundle }) {
  const files = caseBundleFiles(bundle)
  return (
    <div className="cache-bundle">
      <div className="row cache-actions">
        <button type="button" className="primary" onClick={() => downloadBlob(files.json.blob, files.json.fileName)}>
          Download JSON
        </button>
        <button type="button" onClick={() => downloadBlob(files.text.blob, files.text.fileName)}>
          Download text
        </button>
      </div>
      <pre className="cache-bundle-text" aria-label="Case bundle text" tabIndex={0}>
        {bundle.readable}
      </pre>
    </div>
  )
}
