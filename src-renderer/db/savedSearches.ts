import { explorerDb, prefixRange, type SavedSearchRecord, type SavedSearchView } from './db'

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
