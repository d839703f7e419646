import { keepPreviousData, useQueries, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query'

/**
 * Queries a feature builds itself (keys from `queryKeys`; features never call TanStack's
 * hooks themselves, lint). Several calls shown together, each answer as it arrives;
 * `combine` must be a stable function (memoised by the caller).
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
