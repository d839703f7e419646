import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { DisplaySourcesProvider } from '../lib/displaySources'
import { createQueryClient, followFiling, followOfflineMode } from './client'
import { DATA_DISPLAY_SOURCES } from './displaySources'
import { followMainLists } from './mainList'
import { followWatchCache } from './watches'

/**
 * The library's devtools, in development builds only: `import.meta.env.DEV` is a constant
 * false in production, so the bundler drops the import and the chunk with it.
 */
const Devtools = import.meta.env.DEV
  ? lazy(() => import('@tanstack/react-query-devtools').then((m) => ({ default: m.ReactQueryDevtools })))
  : null

/**
 * Gives the tree its query cache (a fresh one unless a test hands one in), and shared
 * components what they read from the data layer (chains, token labels, offline reason, logos).
 */
export function DataProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient())
  useEffect(() => followOfflineMode(queryClient), [queryClient])
  useEffect(() => followFiling(queryClient), [queryClient])
  useEffect(() => followMainLists(queryClient), [queryClient])
  useEffect(() => followWatchCache(queryClient), [queryClient])
  return (
    <QueryClientProvider client={queryClient}>
      <DisplaySourcesProvider value={DATA_DISPLAY_SOURCES}>{children}</DisplaySourcesProvider>
      {Devtools && import.meta.env.MODE !== 'test' ? (
        <Suspense fallback={null}>
          <Devtools initialIsOpen={false} buttonPosition="bottom-left" />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  )
}
