import { useState, type FormEvent } from 'react'
import { useCacheRead } from '../../data/useCacheRead'
import { Link } from 'react-router'
import { listSavedSearches, type SavedSearchView } from '../../db'
import { useDeleteSavedSearch, useSaveSearch } from '../../data/notes'
import { useProfileId } from '../../data/useServiceQuery'

/** Names the current search (its URL query) and keeps it in the cache, per profile and view (Search by default; the yield markets' filters too). */
export function SaveSearchButton({ query, suggestedName, view = 'search', what = 'search' }: { query: string; suggestedName: string; view?: SavedSearchView; what?: string }) {
  const profileId = useProfileId()
  const [naming, setNaming] = useState(false)
  const [name, setName] = useState(suggestedName)
  const [message, setMessage] = useState<{ text: string; bad: boolean } | null>(null)
  const saving = useSaveSearch()

  if (!profileId) return null
  if (!naming)
    return (
      <span className="row">
        <button
          type="button"
          onClick={() => {
            setName(suggestedName)
            setNaming(true)
            setMessage(null)
          }}
        >
          Save {what}
        </button>
        {message ? (
          <span role="status" className={message.bad ? 'field-error' : 'muted small'}>
            {message.text}
          </span>
        ) : null}
      </span>
    )

  const save = (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setMessage({ text: `Give the ${what} a name`, bad: true })
    setMessage(null)
    saving.mutate(
      { profileId, search: { view, name, query } },
      {
        onSuccess: (saved) => {
          setNaming(false)
          setMessage({ text: `Saved as “${saved.name}”.`, bad: false })
        },
        onError: (error) => setMessage({ text: `Could not save: ${error.message}`, bad: true }),
      },
    )
  }
  return (
    <form className="row" onSubmit={save} aria-label={`Save ${what}`}>
      <label className="row small">
        Name
        <input value={name} autoFocus onChange={(e) => setName(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setNaming(false)} />
      </label>
      <button type="submit" className="primary" disabled={saving.isPending}>
        {saving.isPending ? 'Saving…' : 'Save'}
      </button>
      <button type="button" onClick={() => setNaming(false)}>
        Cancel
      </button>
      {message?.bad ? <span className="field-error">{message.text}</span> : null}
    </form>
  )
}

/** The saved searches of the active profile for one view, each a link that runs it again. */
export function SavedSearchList({ view = 'search', path = '/search', label = 'Saved searches' }: { view?: SavedSearchView; path?: string; label?: string }) {
  const profileId = useProfileId()
  const saved = useCacheRead('savedSearches', profileId, { view }, (p) => listSavedSearches(p, view)).data
  const remove = useDeleteSavedSearch()
  if (!saved?.length) return null
  return (
    <nav className="search-saved" aria-label={label}>
      <span className="muted small">Saved:</span>
      <ul>
        {saved.map((s) => (
          <li key={s.id}>
            <Link to={{ pathname: path, search: `?${s.query}` }}>{s.name}</Link>
            <button
              type="button"
              className="copy"
              aria-label={`Delete saved search ${s.name}`}
              disabled={remove.isPending && remove.variables === s.id}
              onClick={() => remove.mutate(s.id)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {remove.isError ? <span className="field-error">Could not delete the saved search: {remove.error.message}</span> : null}
    </nav>
  )
}
