import { keepPreviousData, useQueries, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'

/**
 * Queries a feature builds itself (keys from `queryKeys`): features never call TanStack's
 * `useQuery`/`useQueries` themselves (lint).
 *
 * Several calls shown together (the Search view's SearchIntents calls after its wallet
 * preview): one query each, all run at once, so each answer shows as it arrives.
 * `combine` turns their states into what the view draws; it runs again only when one of
 * them changes, so it must be a stable function (memoised by the caller).
 */
export function useQueryList<R>(queries: ReadonlyArray<UseQueryOptions<unknown>>, combine: (results: ReadonlyArray<UseQueryResult<unknown>>) => R): R {
  return useQueries({ queries: queries as UseQueryOptions<unknown>[], combine })
}

/**
 * One read of the cache alone that grows on request (Search's further cache pages):
 * while the next read runs, the previous answer stays on screen.
 */
export function useGrowingCacheRead<T>(query: UseQueryOptions<T>, enabled: boolean): UseQueryResult<T> {
  return useQuery({ ...query, enabled, placeholderData: keepPreviousData })
}
