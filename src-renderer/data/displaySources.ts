import type { DisplaySources, OfflineReason } from '../lib/displaySources'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { call } from './call'
import { useChainDirectory } from './reference/chains'
import { useTokenLabels } from './reference/tokens'

/**
 * Logos come through the main process, which fetches each once (size- and type-checked)
 * and keeps it on disk; the page then loads it from its own origin. The page never loads
 * a service-named URL itself: its CSP allows images from its own origin only.
 * One request per URL for the page's life; `null` means "show the initials".
 */
const served = new Map<string, Promise<string | null>>()

function servedLogo(uri: string): Promise<string | null> {
  let pending = served.get(uri)
  if (!pending) {
    pending = call('getLogo', { url: uri }).then(
      (r) => (r.ok ? r.value.src : null),
      () => null,
    )
    served.set(uri, pending)
  }
  return pending
}

const useOfflineReason = (): OfflineReason => ({ forced: useCacheStatus((s) => s.forcedOffline), outage: useConnection((s) => s.lastOutage) })

/** What shared components read, from the data layer's owners (given to them by `DataProvider`). */
export const DATA_DISPLAY_SOURCES: DisplaySources = { useChainDirectory, useTokenLabels, useOfflineReason, servedLogo }
