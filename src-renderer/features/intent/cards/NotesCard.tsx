import type { FormEvent } from 'react'
import { useDeleteNote } from '../../../data/notes'
import type { Note } from '../../../db'
import { caseKey, CASE_LABEL, useCases, type CaseRecord } from '../../../stores/attentionCases'
import { CaseStateField, useNoteDraft } from '../../attention'
import { formatAge, formatDateTime } from '../../../lib/format'
import { useSessionState } from '../../../lib/useSessionState'
import { Card } from './parts'

/** Saving and deleting notes, with the reason when the cache refuses. */
function useNoteEditor(profileId: string | undefined, intentId: string) {
  // A half-written note survives a reload of the window.
  const note = useNoteDraft(profileId, intentId, useSessionState(`intent-note-draft:${intentId}`, ''))
  const del = useDeleteNote()
  const remove = async (n: Note) => {
    if (!window.confirm(`Delete this note?\n\n${n.text}`)) return
    await del.mutateAsync(n.id).catch((err: { message: string }) => note.setError(`The note could not be deleted: ${err.message}`))
  }
  const submit = (e?: FormEvent) => {
    e?.preventDefault()
    note.save()
  }
  return { ...note, submit, remove }
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

/** The person's own notes on the intent, kept in the local cache (never sent anywhere), and its case. */
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
