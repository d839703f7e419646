import { QueryClient } from '@tanstack/react-query'
import { isOfflineMode, onFilingFinished, useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import './errors'

/**
 * The renderer's one query cache. Queries run whatever `navigator.onLine` says (they talk
 * to the main process and the local cache, and answer from the cache on an outage);
 * failures are not retried here (the main core already retries what is worth retrying)
 * and answers are not deep-compared (history pages are large, and views key on them).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        structuralSharing: false,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  })
}

/**
 * Query functions choose between the service and the cache when they run; when the app
 * goes offline (by choice or because the service stopped answering) or comes back, every
 * shown query runs again so views switch source together. Returns the unsubscribe.
 */
export function followOfflineMode(client: QueryClient): () => void {
  let offline = isOfflineMode()
  const check = () => {
    const now = isOfflineMode()
    if (now === offline) return
    offline = now
    void client.invalidateQueries()
  }
  const stops = [useCacheStatus.subscribe(check), useConnection.subscribe(check)]
  return () => stops.forEach((stop) => stop())
}

/** Whether a query holds a paged list read from the cache (its first page came from there). */
export const isCachedList = (data: unknown): boolean => (data as { pages?: Array<{ fromCache?: boolean } | null> } | undefined)?.pages?.[0]?.fromCache === true

/**
 * Lists read from the cache before it finished filing history entries for offline search
 * may lack some: once filing ends they are read again, the shown ones at once, the others
 * when next shown. Returns the unsubscribe.
 */
export function followFiling(client: QueryClient): () => void {
  return onFilingFinished(() => void client.invalidateQueries({ predicate: (q) => isCachedList(q.state.data) }))
}
