import { useEffect, useRef } from 'react'
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query'
import { liveQuery } from 'dexie'
import { queryKeys, type CacheReadSource } from './keys'

/**
 * A read of the local cache alone (notes, bookmarks, saved searches, the watch mirror):
 * a query keyed `[profileId, source, args]` like service data, whose answer follows the
 * cache. The read runs once as the query function and again under Dexie's `liveQuery`
 * while the view is shown, which puts every new answer into the query cache, so a note
 * added on one page shows at once on another. `profileId` undefined means nothing to read
 * yet (the answer stays `undefined`). `read` must read only what `source` and `args` name.
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
