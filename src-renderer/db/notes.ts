import { explorerDb, prefixRange, type NoteRecord } from './db'

/**
 * Notes and bookmarks are the person's own words and choices: they cannot be fetched
 * again, so unlike write-through these calls reject on failure for the view to show.
 */

export type Note = NoteRecord

/** Notes on one intent, oldest first. */
export function listNotes(profileId: string, intentId: string): Promise<Note[]> {
  return prefixRange(explorerDb().notes, '[profileId+intentId+createdAt]', profileId, intentId).toArray()
}

export async function addNote(profileId: string, intentId: string, text: string): Promise<Note> {
  const trimmed = text.trim()
  if (!trimmed) throw new Error('A note needs some text')
  const note: Note = { id: crypto.randomUUID(), profileId, intentId, text: trimmed, createdAt: Date.now() }
  await explorerDb().notes.add(note)
  return note
}

export async function deleteNote(id: string): Promise<void> {
  await explorerDb().notes.delete(id)
}

export async function isBookmarked(profileId: string, intentId: string): Promise<boolean> {
  return (await explorerDb().bookmarks.get([profileId, intentId])) !== undefined
}

export async function setBookmarked(profileId: string, intentId: string, on: boolean): Promise<void> {
  const db = explorerDb()
  if (!on) return db.bookmarks.delete([profileId, intentId])
  // Re-bookmarking keeps the original date, so the list order stays meaningful.
  await db.transaction('rw', db.bookmarks, async () => {
    if (!(await db.bookmarks.get([profileId, intentId]))) await db.bookmarks.add({ profileId, intentId, createdAt: Date.now() })
  })
}

/** Notes on several intents at once (a queue's worth), oldest first per intent. */
export async function listNotesOf(profileId: string, intentIds: readonly string[]): Promise<Map<string, Note[]>> {
  const out = new Map<string, Note[]>()
  await Promise.all(intentIds.map(async (id) => out.set(id, await listNotes(profileId, id))))
  return out
}
