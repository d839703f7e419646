import { useState, type FormEvent } from 'react'
import type { ProfileView } from '@contract/app'
import { Checkbox } from '../../components/Checkbox'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useClearAccessKey, useSetAccessKey } from '../../data/settings'

/** `scheme://host:port` of a profile's URL: where its key is sent. */
export const originOf = (baseUrl: string): string => (URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl)

/**
 * Sets or clears a profile's access key; the key goes to the main process and never
 * comes back. The prompt names the profile (isolated, so its characters cannot reorder
 * what follows) and the origin the key will be sent to, since a name alone can be a
 * look-alike of another profile's.
 */
export function KeyForm({ profile, plainTextBackend }: { profile: ProfileView; plainTextBackend: boolean }) {
  const origin = originOf(profile.baseUrl)
  const [key, setKey] = useState('')
  const [allowPlain, setAllowPlain] = useState(false)
  const store = useSetAccessKey()
  const remove = useClearAccessKey()
  const failure = store.error ?? remove.error
  const saved = store.isSuccess ? 'Access key stored.' : remove.isSuccess ? 'Access key removed.' : null

  const save = (e: FormEvent) => {
    e.preventDefault()
    remove.reset()
    store.mutate({ profileId: profile.id, key, allowPlainText: allowPlain || undefined })
    setKey('')
  }
  const clear = () => {
    store.reset()
    remove.mutate(profile.id)
  }

  return (
    <form onSubmit={save} className="row" aria-label={`Access key for ${profile.name} at ${origin}`}>
      <label className="field">
        <span>
          Access key for <bdi>{profile.name}</bdi>, sent to{' '}
          <code className="key-origin" dir="ltr">
            {origin}
          </code>{' '}
          {profile.hasKey ? <span className="muted">(stored)</span> : <span className="muted">(none)</span>}
        </span>
        <input
          type="password"
          autoComplete="off"
          value={key}
          placeholder={profile.hasKey ? 'Replace the stored key' : 'Paste the access key'}
          onChange={(e) => setKey(e.target.value)}
        />
      </label>
      {plainTextBackend ? (
        <Checkbox label="Store without OS encryption" checked={allowPlain} onChange={setAllowPlain} />
      ) : null}
      <button type="submit" disabled={!key.trim()}>
        Save key
      </button>
      {profile.hasKey ? (
        <button type="button" onClick={clear}>
          Clear key
        </button>
      ) : null}
      {saved ? (
        <span role="status" className="muted">
          {saved}
        </span>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </form>
  )
}
