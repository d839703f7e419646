import { useMutation } from '@tanstack/react-query'
import { deleteSavedSearch, saveSearch } from '../db'
import { cacheWrite } from './notes'

/**
 * Saved searches (Search's and the yield markets' filters), written to the cache as
 * mutations; `SavedSearchList` reads them with `useCacheRead` and follows each change.
 */

/** Saves a named search (its URL query) for one view of one profile; resolves to what was stored. */
export const useSaveSearch = () =>
  useMutation({ mutationFn: cacheWrite(({ profileId, search }: { profileId: string; search: Parameters<typeof saveSearch>[1] }) => saveSearch(profileId, search)) })

export const useDeleteSavedSearch = () => useMutation({ mutationFn: cacheWrite((id: string) => deleteSavedSearch(id)) })
