import { useState, type FormEvent } from 'react'
import { useAddNote, useDeleteNote } from '../../../data/notes'
import type { Note } from '../../../db'
import { caseKey, CASE_LABEL, useCases, type CaseRecord } from '../../../stores/attentionCases'
import { CaseStateField } from '../../attention'
import { formatAge, formatDateTime } from '../../../lib/format'
import { useSessionState } from '../../../lib/useSessionState'
import { Card } from './parts'

/** Saving and deleting notes, with the reason when the cache refuses. */
function useNoteEditor(profileId: string | undefined, intentId: string) {
  // A half-written note survives a reload of the window.
  const [draft, setDraft] = useSessionState(`intent-note-draft:${intentId}`, '')
  const [error, setError] = useState<string | null>(null)
  const add = useAddNote()
  const del = useDeleteNote()

  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    if (!draft.trim()) return setError('Write the note first.')
    if (!profileId) return setError('The app is still loading its profile; try again in a moment.')
    // Through the case, so the note also enters the case's history.
    add.mutate(
      { profileId, intentId, text: draft },
      {
        onSuccess: () => {
          setDraft('')
          setError(null)
        },
        // The draft stays in the box, so nothing typed is lost.
        onError: (err) => setError(`The note could not be saved: ${err.message}`),
      },
    )
  }

  const remove = async (note: Note) => {
    if (!window.confirm(`Delete this note?\n\n${note.text}`)) return
    await del.mutateAsync(note.id).catch((err: { message: string }) => setError(`The note could not be deleted: ${err.message}`))
  }
  const edit = (text: string) => {
    setDraft(text)
    if (error) setError(null)
  }
  return { draft, error, busy: add.isPending, submit, remove, edit }
}

function NoteList({ notes, remove }: { notes: readonly Note[] | undefined; remove(note: Note): Promise<void> }) {
  if (notes === undefined) return <p className="muted">Loading notes…</p>
  if (!notes.length) return <p className="muted">No notes yet. Notes stay on this computer and go into the case summary.</p>
  return (
    <ul className="intent-notes" aria-label="Notes">
      {notes.map((n) => (
        <li key={n.id} className="intent-note">
          <div className="intent-note-text">{n.text}</div>
          <div className="row small muted">
            <span title={formatDateTime(n.createdAt)}>
              {formatDateTime(n.createdAt)} · {formatAge(n.createdAt)}
            </span>
            <button type="button" onClick={() => void remove(n)} aria-label={`Delete note: ${n.text.slice(0, 40)}`}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  )
}

/** The person's own notes on the intent, kept in the local cache (never sent anywhere). */
/** The case's state (the same one Needs attention shows and sets) and its history of changes. */
function CaseSection({ profileId, intentId }: { profileId: string; intentId: string }) {
  const record: CaseRecord | undefined = useCases((s) => s.cases[caseKey(profileId, intentId)])
  const history = record?.history ?? []
  return (
    <div className="intent-case" aria-label="Case">
      <label className="row">
        Case <CaseStateField profileId={profileId} intentId={intentId} record={record} />
      </label>
      {history.length ? (
        <details>
          <summary className="small">History of this case ({history.length} change{history.length === 1 ? '' : 's'})</summary>
          <ul className="small" aria-label="Case history">
            {history.map((c, i) => (
              <li key={i}>
                {formatDateTime(c.at)}: {c.state ? `state set to ${CASE_LABEL[c.state]}` : `note added: ${c.note ?? ''}`}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  )
}

export function NotesCard({ profileId, intentId, notes }: { profileId: string | undefined; intentId: string; notes: readonly Note[] | undefined }) {
  const { draft, error, busy, submit, remove, edit } = useNoteEditor(profileId, intentId)
  return (
    <Card id="notes" title="Case and notes">
      {profileId ? <CaseSection profileId={profileId} intentId={intentId} /> : null}
      <NoteList notes={notes} remove={remove} />
      <form className="intent-note-form" onSubmit={submit} aria-label="Add a note">
        <label className="field">
          New note
          <textarea
            value={draft}
            rows={3}
            placeholder="What you found, who you told, what happens next (Enter saves, Shift+Enter for a new line)"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'intent-note-error' : undefined}
            onChange={(e) => edit(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault()
                void submit()
              }
            }}
          />
          {error ? (
            <span className="field-error" id="intent-note-error" role="alert">
              {error}
            </span>
          ) : null}
        </label>
        <button type="submit" className="primary" disabled={busy}>
          Add note
        </button>
      </form>
    </Card>
  )
}
