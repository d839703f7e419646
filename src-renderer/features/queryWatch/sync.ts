import type { BridgeEvent } from '@contract/bridge'
import type { QueryFinding, QueryWatchState } from '@contract/queryWatch'
import { queryNoticeText } from '@contract/queryWatchNotice'
import { onMainEvent } from '../../data/events'
import { showInProfile } from '../../data/showInProfile'
import { useConnection } from '../../stores/connection'

/**
 * What the page does with watched-filter events besides showing them (the list itself
 * lives in the query cache, `data/mainList.ts`), for the life of the page: a clicked notice opens the query, and in the browser host the page itself
 * shows the notice for what a poll found (in the desktop app the main process does).
 */

/** Where the watched queries are listed; `#/watch/queries?focus=<id>` scrolls to one. */
export const queriesHash = (queryId?: string) => `#/watch/queries${queryId ? `?focus=${encodeURIComponent(queryId)}` : ''}`

const openQuery = (profileId: string, queryId: string) => showInProfile(profileId, queriesHash(queryId))

function maybeNotify(query: QueryWatchState, fresh: readonly QueryFinding[]): void {
  const info = useConnection.getState().info
  if (info?.runtime !== 'host' || !fresh.length || typeof Notification === 'undefined' || Notification.permission !== 'granted') return
  const { title, body } = queryNoticeText(query, fresh)
  // The tag makes a later notice for the same query replace the earlier one, not stack.
  const n = new Notification(title, { body, tag: `query:${query.profileId}:${query.id}` })
  n.onclick = () => {
    window.focus()
    void openQuery(query.profileId, query.id)
    n.close()
  }
}

function handleEvent(event: BridgeEvent): void {
  if (event.type === 'list:open' && event.kind === 'queryWatches') void openQuery(event.profileId, event.id)
  if (event.type !== 'list:changed' || event.kind !== 'queryWatches' || !event.notify) return
  // Queries of every profile are polled; the page speaks for the ones it can show.
  for (const query of event.items) if (query.profileId === useConnection.getState().info?.activeProfileId) maybeNotify(query, event.fresh ?? [])
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
