import { useEffect, useRef } from 'react'
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveQuery } from 'dexie'
import { queryKeys, type CacheReadSource } from './keys'

/**
 * A read of the local cache alone, keyed like service data, whose answer follows the
 * cache: while the view is shown Dexie's `liveQuery` puts every new answer into the query
 * cache, so a note added on one page shows at once on another. `profileId` undefined:
 * nothing to read yet. `read` must read only what `source` and `args` name.
 */
export function useCacheRead<T>(source: CacheReadSource, profileId: string | undefined, args: unknown, read: (profileId: string) => Promise<T>) {
  const client = useQueryClient()
  const enabled = profileId !== undefined
  const queryKey = queryKeys.request(profileId ?? '', source, args)
  const latest = useRef(read)
  latest.current = read
  const hash = hashKey(queryKey)
  const query = useQuery<T>({ queryKey, queryFn: () => latest.current(profileId!), enabled })

  useEffect(() => {
    if (!enabled) return
    const key = JSON.parse(hash) as unknown[]
    const subscription = liveQuery(() => latest.current(key[0] as string)).subscribe({
      next: (value) => client.setQueryData(key, value),
      // The query function's own read reports a failing cache; the live copy keeps its last answer.
      error: () => {},
    })
    return () => subscription.unsubscribe()
  }, [client, enabled, hash])

  return query
}
