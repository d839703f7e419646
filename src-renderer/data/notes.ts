import { useMutation } from '@tanstack/react-query'
import { addNote, deleteNote, deleteSavedSearch, saveSearch, setBookmarked, type Note } from '../db'
import { useCases } from '../stores/attentionCases'
import { toSvcError } from './errors'

/**
 * The person's own records (an intent's notes and bookmark, saved searches), written to
 * the cache as mutations: the control that acted draws `isPending` and `error` (the cache's refusal
 * in words). Every view reading them (`useCacheRead`) follows the change by itself.
 */

/** A cache write whose failure is the mutation's `error` (an `SvcError`, like any other). */
export const cacheWrite =
  <A, T>(write: (args: A) => Promise<T>) =>
  (args: A): Promise<T> =>
    write(args).catch((e: unknown) => Promise.reject(toSvcError(e)))

/** Adds a note to the intent's notes (the ones the intent page and Needs attention show) and records it in the case's history. */
export const useAddNote = () =>
  useMutation({
    mutationFn: cacheWrite(async ({ profileId, intentId, text }: { profileId: string; intentId: string; text: string }): Promise<Note> => {
      const note = await addNote(profileId, intentId, text)
      useCases.getState().noteAdded(profileId, intentId, note.text)
      return note
    }),
  })

export const useDeleteNote = () => useMutation({ mutationFn: cacheWrite((id: string) => deleteNote(id)) })

export const useSetBookmarked = () =>
  useMutation({ mutationFn: cacheWrite(({ profileId, intentId, on }: { profileId: string; intentId: string; on: boolean }) => setBookmarked(profileId, intentId, on)) })

/** Saves a named search (Search's or the yield markets' filters, as a URL query) for one view of one profile; resolves to what was stored. */
export const useSaveSearch = () =>
  useMutation({ mutationFn: cacheWrite(({ profileId, search }: { profileId: string; search: Parameters<typeof saveSearch>[1] }) => saveSearch(profileId, search)) })

export const useDeleteSavedSearch = () => useMutation({ mutationFn: cacheWrite((id: string) => deleteSavedSearch(id)) })
