import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import type { ProfileView } from '@contract/app'
import { SelectField } from '../../components/SelectField'
import { storageErrorMessage, type CachedProfile } from '../../db'
import { buildCaseBundle, caseBundleFiles, type CaseBundle } from './caseBundle'
import { downloadBlob } from '../../lib/download'
import { profileLabel, profileOptions } from './format'

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
  const bundle = useMutation({ mutationFn: (id: string) => buildCaseBundle(profileId, id) })

  const build = (e: FormEvent) => {
    e.preventDefault()
    const id = intentId.trim()
    if (id && profileId) bundle.mutate(id)
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
      {bundle.isSuccess && !bundle.data ? (
        <p role="status" className="muted">
          Nothing is cached for {bundle.variables} in {profileLabel(appProfiles, profileId)}. Open the intent online first.
        </p>
      ) : null}
      {bundle.isError ? (
        <p role="alert" className="field-error">
          {storageErrorMessage(bundle.error)}
        </p>
      ) : null}
      {bundle.data ? <BundlePreview bundle={bundle.data} /> : null}
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
