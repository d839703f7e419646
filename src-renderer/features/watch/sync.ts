import { useEffect } from 'react'
import type { BridgeEvent } from '@contract/bridge'
import type { MainListKind } from '@contract/mainList'
import { queryNoticeText } from '@contract/queryWatchNotice'
import { watchNews } from '@contract/watchNews'
import { setWatchingPaused } from '../../data/watches'
import { onMainEvent, showInProfile } from '../../data/events'
import { useCacheStatus } from '../../stores/cache'
import { useConnection } from '../../stores/connection'
import { askNotificationPermission, showPageNotification, type NotificationAccess } from '../../lib/pageNotification'
import { intentPath } from '../../components/IntentLink'

/**
 * What the page does with the events of the lists main owns besides keeping the lists
 * (`data/mainList.ts`): in the browser host it shows the notices main decided are due
 * (in the desktop app main shows them); a clicked one opens its item in its own profile.
 */

/** Where a notice's item is shown: the intent, or the watched filter among the others (`?focus=` scrolls to it). */
const ITEM_PATH: Record<MainListKind, (id: string) => string> = {
  watches: (id) => `#${intentPath(id)}`,
  queryWatches: (id) => `#/watch/queries?focus=${encodeURIComponent(id)}`,
}
const openItem = (kind: MainListKind, profileId: string, id: string) => void showInProfile(profileId, ITEM_PATH[kind](id))

function handleListEvent(event: BridgeEvent): void {
  if (event.type === 'list:open') return openItem(event.kind, event.profileId, event.id)
  const info = useConnection.getState().info
  if (event.type !== 'list:changed' || info?.runtime !== 'host') return
  if (event.kind === 'watches' && event.notice) {
    for (const w of event.items)
      if (['changed', 'done'].includes(watchNews(w))) showPageNotification(event.notice, `watch:${w.profileId}:${w.intentId}`, () => openItem('watches', w.profileId, w.intentId))
  }
  // Queries of every profile are polled; the page speaks for the ones it can show.
  if (event.kind === 'queryWatches' && event.notify && event.fresh?.length) {
    for (const q of event.items)
      if (q.profileId === info.activeProfileId) showPageNotification(queryNoticeText(q, event.fresh), `query:${q.profileId}:${q.id}`, () => openItem('queryWatches', q.profileId, q.id))
  }
}

let stopSync: (() => void) | null = null

/** Starts the wiring once per page; later calls return the same stop. */
export function startWatchSync(): () => void {
  if (stopSync) return stopSync
  const unsubscribe = onMainEvent(handleListEvent)
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
