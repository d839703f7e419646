import type { BridgeEvent } from '@contract/bridge'
import { queryNoticeText } from '@contract/queryWatchNotice'
import { onMainEvent } from '../../data/events'
import { showInProfile } from '../../data/showInProfile'
import { showPageNotification } from '../../lib/pageNotification'
import { useConnection } from '../../stores/connection'

/**
 * What the page does with watched-filter events besides showing them (the list itself
 * lives in the query cache, `data/mainList.ts`), for the life of the page: a clicked notice opens the query, and in the browser host the page itself
 * shows the notice for what a poll found (in the desktop app the main process does).
 */

/** Where the watched queries are listed; `#/watch/queries?focus=<id>` scrolls to one. */
export const queriesHash = (queryId?: string) => `#/watch/queries${queryId ? `?focus=${encodeURIComponent(queryId)}` : ''}`

const openQuery = (profileId: string, queryId: string) => showInProfile(profileId, queriesHash(queryId))

function handleEvent(event: BridgeEvent): void {
  if (event.type === 'list:open' && event.kind === 'queryWatches') void openQuery(event.profileId, event.id)
  if (event.type !== 'list:changed' || event.kind !== 'queryWatches' || !event.notify || !event.fresh?.length) return
  const info = useConnection.getState().info
  if (info?.runtime !== 'host') return
  // Queries of every profile are polled; the page speaks for the ones it can show.
  for (const q of event.items)
    if (q.profileId === info.activeProfileId)
      showPageNotification(queryNoticeText(q, event.fresh), `query:${q.profileId}:${q.id}`, () => void openQuery(q.profileId, q.id))
}

let stopSync: (() => void) | null = null

/** Starts the wiring once per page; later calls return the same stop. */
export function startQueryWatchSync(): () => void {
  if (stopSync) return stopSync
  const unsubscribe = onMainEvent(handleEvent)
  stopSync = () => {
    unsubscribe()
    stopSync = null
  }
  return stopSync
}
