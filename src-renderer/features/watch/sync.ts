import { useEffect } from 'react'
import type { BridgeEvent } from '@contract/bridge'
import { watchNews } from '@contract/watchNews'
import { setWatchingPaused } from '../../data/watches'
import { onMainEvent, showInProfile } from '../../data/events'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { askNotificationPermission, showPageNotification, type NotificationAccess } from '../../lib/pageNotification'
import { handleQueryWatchEvent } from '../queryWatch'

/**
 * What the page does with watch events besides showing them, for the life of the page
 * (and with watched-filter events, `handleQueryWatchEvent`):
 * finished watches notify from the page when the browser host serves it, and a clicked
 * notice opens its intent. The list itself lives in the query cache (`data/mainList.ts`),
 * and its copy in the cache for offline review is written by the data layer
 * (`followWatchCache` in `data/watches.ts`).
 */

/** Shows the intent, switching to its profile first when a notice came from another one. */
const openIntent = (profileId: string, intentId: string) => showInProfile(profileId, `#/intent/${encodeURIComponent(intentId)}`)

function handleWatchEvent(event: BridgeEvent): void {
  if (event.type === 'list:open' && event.kind === 'watches') void openIntent(event.profileId, event.id)
  if (event.type !== 'list:changed' || event.kind !== 'watches') return
  // The main process decided the notice is due; the page only shows it, in the browser host.
  if (!event.notice || useConnection.getState().info?.runtime !== 'host') return
  for (const watch of event.items) {
    const news = watchNews(watch)
    if (news === 'changed' || news === 'done')
      showPageNotification(event.notice, `watch:${watch.profileId}:${watch.intentId}`, () => void openIntent(watch.profileId, watch.intentId))
  }
}

let stopSync: (() => void) | null = null

/** Starts the wiring once per page; later calls return the same stop. */
export function startWatchSync(): () => void {
  if (stopSync) return stopSync
  const unsubscribe = onMainEvent((event) => {
    handleWatchEvent(event)
    handleQueryWatchEvent(event)
  })
  // "Work offline" pauses the main process's watching too; switching it off resumes the watches.
  const unwatchOffline = useCacheStatus.subscribe((s, prev) => {
    if (s.forcedOffline !== prev.forcedOffline) void setWatchingPaused(s.forcedOffline)
  })
  // Once per page: a pause left from an earlier run is lifted when this page is online.
  void setWatchingPaused(useCacheStatus.getState().forcedOffline)
  stopSync = () => {
    unsubscribe()
    unwatchOffline()
    stopSync = null
  }
  return stopSync
}

/** Asks for the browser's permission to notify, only where the page itself notifies (the browser host). */
export async function askNotificationPermissionInHost(): Promise<NotificationAccess | undefined> {
  return useConnection.getState().info?.runtime === 'host' ? askNotificationPermission() : undefined
}

/** For components that show watches or watched filters: makes sure the wiring runs. */
export function useWatchSync(): void {
  useEffect(() => {
    startWatchSync()
  }, [])
}
