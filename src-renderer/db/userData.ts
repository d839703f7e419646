import { explorerDb, prefixRange, type NoteRecord, type SavedSearchRecord, type SavedSearchView, type WatchRecord } from './db'

/**
 * The person's own records (notes, bookmarks, saved searches, the watch mirror): they
 * cannot be fetched again, so unlike write-through these calls reject on failure for the
 * view to show.
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
  return new Map(await Promise.all(intentIds.map(async (id) => [id, await listNotes(profileId, id)] as const)))
}

/** Saves a search under a name; saving again under the same name replaces it. */
export async function saveSearch(
  profileId: string,
  search: { view: SavedSearchView; name: string; query: string },
): Promise<SavedSearchRecord> {
  const name = search.name.trim()
  if (!name) throw new Error('Give the search a name')
  const db = explorerDb()
  return db.transaction('rw', db.savedSearches, async () => {
    const same = (await listSavedSearches(profileId, search.view)).find((s) => s.name === name)
    const saved: SavedSearchRecord = {
      id: same?.id ?? crypto.randomUUID(),
      profileId,
      view: search.view,
      name,
      query: search.query.replace(/^\?/, ''),
      createdAt: same?.createdAt ?? Date.now(),
    }
    await db.savedSearches.put(saved)
    return saved
  })
}

/** Saved searches of one view, by name. */
export async function listSavedSearches(profileId: string, view: SavedSearchView): Promise<SavedSearchRecord[]> {
  const rows = await prefixRange(explorerDb().savedSearches, '[profileId+view+createdAt]', profileId, view).toArray()
  return rows.sort((a, b) => a.name.localeCompare(b.name))
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await explorerDb().savedSearches.delete(id)
}

/**
 * The renderer's mirror of main's watch list: the watcher lives in main, but the Watch
 * view must still list what was watched, and how it ended, when offline.
 */

/** A mirrored watch; the profile it belongs to is passed alongside. */
export type WatchMirror = Omit<WatchRecord, 'profileId'>

export async function putWatchMirror(profileId: string, watch: WatchMirror): Promise<void> {
  await explorerDb().watches.put({ ...watch, profileId })
}

export async function removeWatchMirror(profileId: string, intentId: string): Promise<void> {
  await explorerDb().watches.delete([profileId, intentId])
}

/** Watches of the profile, most recently added first. */
export async function listWatchMirror(profileId: string): Promise<WatchRecord[]> {
  const rows = await prefixRange(explorerDb().watches, ':id', profileId).toArray()
  return rows.sort((a, b) => b.addedAt - a.addedAt)
}
