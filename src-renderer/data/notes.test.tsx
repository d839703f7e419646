import { describe, expect, it } from 'vitest'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { isBookmarked, listNotes, listSavedSearches } from '../db'
import { caseKey, useCases } from '../stores/attentionCases'
import { createQueryClient } from './client'
import { useAddNote, useDeleteNote, useDeleteSavedSearch, useSaveSearch, useSetBookmarked } from './notes'
import { useCacheRead } from './useCacheRead'

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>

describe('the person’s own records are written through data-layer mutations', () => {
  it('a note is added through its case, shows in every cache read of it at once, and is deleted', async () => {
    const { result } = renderHook(
      () => ({ add: useAddNote(), del: useDeleteNote(), notes: useCacheRead('intentNotes', 'notes-a', { intentId: '0xn' }, (p) => listNotes(p, '0xn')).data }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.notes).toEqual([]))
    await act(async () => void (await result.current.add.mutateAsync({ profileId: 'notes-a', intentId: '0xn', text: 'refund promised' })))
    await waitFor(() => expect(result.current.notes?.map((n) => n.text)).toEqual(['refund promised']))
    // The case's history records the note too.
    expect(useCases.getState().cases[caseKey('notes-a', '0xn')]?.history.at(-1)).toMatchObject({ note: 'refund promised' })

    const id = result.current.notes![0].id
    await act(async () => void (await result.current.del.mutateAsync(id)))
    await waitFor(() => expect(result.current.notes).toEqual([]))
  })

  it('a refused write is the mutation’s error, in words, and nothing is stored', async () => {
    const { result } = renderHook(() => ({ save: useSaveSearch() }), { wrapper })
    act(() => result.current.save.mutate({ profileId: 'saved-a', search: { view: 'search', name: '   ', query: 'owner=0x1' } }))
    await waitFor(() => expect(result.current.save.isError).toBe(true))
    expect(result.current.save.error).toMatchObject({ kind: 'Internal', message: 'Give the search a name' })
    expect(await listSavedSearches('saved-a', 'search')).toEqual([])
  })

  it('a saved search is stored and deleted; a bookmark is set and taken away', async () => {
    const { result } = renderHook(() => ({ save: useSaveSearch(), del: useDeleteSavedSearch(), mark: useSetBookmarked() }), { wrapper })
    let saved: { id: string; name: string } | undefined
    await act(async () => void (saved = await result.current.save.mutateAsync({ profileId: 'saved-b', search: { view: 'search', name: ' Desk ', query: '?owner=0x1' } })))
    expect(saved?.name).toBe('Desk')
    expect((await listSavedSearches('saved-b', 'search')).map((s) => s.query)).toEqual(['owner=0x1'])
    await act(async () => void (await result.current.del.mutateAsync(saved!.id)))
    expect(await listSavedSearches('saved-b', 'search')).toEqual([])

    await act(async () => void (await result.current.mark.mutateAsync({ profileId: 'saved-b', intentId: '0xb', on: true })))
    expect(await isBookmarked('saved-b', '0xb')).toBe(true)
    await act(async () => void (await result.current.mark.mutateAsync({ profileId: 'saved-b', intentId: '0xb', on: false })))
    expect(await isBookmarked('saved-b', '0xb')).toBe(false)
  })
})
