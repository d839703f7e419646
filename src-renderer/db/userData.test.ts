import { beforeEach, describe, expect, it } from 'vitest'
import { explorerDb } from './db'
import { addNote, deleteNote, isBookmarked, listNotes, setBookmarked } from './userData'
import { deleteSavedSearch, listSavedSearches, saveSearch } from './userData'
import { freshDb } from './testing'
import { listWatchMirror, putWatchMirror, removeWatchMirror } from './userData'

beforeEach(() => {
  freshDb()
})

describe('notes and bookmarks', () => {
  it('adds, lists in order, and deletes notes per profile and intent', async () => {
    const a = await addNote('p1', 'i1', '  called the user  ')
    await new Promise((r) => setTimeout(r, 2))
    const b = await addNote('p1', 'i1', 'refund promised')
    await addNote('p1', 'i2', 'other intent')
    await addNote('p2', 'i1', 'other profile')
    expect((await listNotes('p1', 'i1')).map((n) => n.text)).toEqual(['called the user', 'refund promised'])
    await deleteNote(a.id)
    expect((await listNotes('p1', 'i1')).map((n) => n.id)).toEqual([b.id])
    await expect(addNote('p1', 'i1', '   ')).rejects.toThrow(/text/)
  })

  it('bookmarks and unbookmarks, keeping the first date', async () => {
    await setBookmarked('p1', 'i1', true)
    const bookmarks = () => explorerDb().bookmarks.where('[profileId+createdAt]').between(['p1', 0], ['p1', Infinity]).toArray()
    const [first] = await bookmarks()
    await new Promise((r) => setTimeout(r, 2))
    await setBookmarked('p1', 'i2', true)
    await setBookmarked('p1', 'i1', true)
    expect(await isBookmarked('p1', 'i1')).toBe(true)
    expect(await isBookmarked('p2', 'i1')).toBe(false)
    const list = await bookmarks()
    expect(list.map((b) => b.intentId)).toEqual(['i1', 'i2'])
    expect(list[0].createdAt).toBe(first.createdAt)
    await setBookmarked('p1', 'i1', false)
    expect(await isBookmarked('p1', 'i1')).toBe(false)
  })
})

describe('watch mirror', () => {
  it('puts, lists newest first and removes', async () => {
    await putWatchMirror('p1', { intentId: 'i1', addedAt: 1 })
    await putWatchMirror('p1', { intentId: 'i2', addedAt: 2, status: 'EXECUTING' })
    await putWatchMirror('p1', { intentId: 'i1', addedAt: 1, status: 'SUCCEEDED', done: true, lastUpdateAt: 5 })
    await putWatchMirror('p2', { intentId: 'i9', addedAt: 3 })
    expect(await listWatchMirror('p1')).toEqual([
      { profileId: 'p1', intentId: 'i2', addedAt: 2, status: 'EXECUTING' },
      { profileId: 'p1', intentId: 'i1', addedAt: 1, status: 'SUCCEEDED', done: true, lastUpdateAt: 5 },
    ])
    await removeWatchMirror('p1', 'i2')
    expect((await listWatchMirror('p1')).map((w) => w.intentId)).toEqual(['i1'])
  })
})

describe('saved searches', () => {
  it('saves per view, replaces by name, lists by name and deletes', async () => {
    const first = await saveSearch('p1', { view: 'search', name: 'Stuck', query: '?status=EXECUTING' })
    await saveSearch('p1', { view: 'search', name: 'Alice', query: 'owner=0xa' })
    await saveSearch('p1', { view: 'history', name: 'Stuck', query: 'x=1' })
    const replaced = await saveSearch('p1', { view: 'search', name: 'Stuck', query: 'status=FAILED' })
    expect(replaced.id).toBe(first.id)
    const list = await listSavedSearches('p1', 'search')
    expect(list.map((s) => [s.name, s.query])).toEqual([
      ['Alice', 'owner=0xa'],
      ['Stuck', 'status=FAILED'],
    ])
    expect(await listSavedSearches('p2', 'search')).toEqual([])
    await deleteSavedSearch(first.id)
    expect((await listSavedSearches('p1', 'search')).map((s) => s.name)).toEqual(['Alice'])
    await expect(saveSearch('p1', { view: 'search', name: ' ', query: '' })).rejects.toThrow(/name/)
  })
})
