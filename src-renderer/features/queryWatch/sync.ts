import type { BridgeEvent } from '@contract/bridge'
import type { QueryFinding, QueryWatchState } from '@contract/queryWatch'
import { queryNoticeText } from '@contract/queryWatchNotice'
import { call } from '../../data/call'
import { onMainEvent } from '../../data/events'
import { useConnection } from '../../stores/connection'
import { useQueryWatches } from './store'

/**
 * Wires the watched-queries store to the bridge for the life of the page: events update
 * the store, a clicked notice opens the query, and in the browser host the page itself
 * shows the notice for what a poll found (in the desktop app the main process does).
 */

/** Where the watched queries are listed; `#/watch/queries?focus=<id>` scrolls to one. */
export const queriesHash = (queryId?: string) => `#/watch/queries${queryId ? `?focus=${encodeURIComponent(queryId)}` : ''}`

async function openQuery(profileId: string, queryId: string): Promise<void> {
  if (useConnection.getState().info?.activeProfileId !== profileId) {
    const r = await call('setActiveProfile', { id: profileId })
    if (r.ok) useConnection.getState().setInfo(r.value)
  }
  location.hash = queriesHash(queryId)
}

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
  const store = useQueryWatches.getState()
  switch (event.type) {
    case 'queryWatch:changed':
      store.applyQuery(event.query)
      // Queries of every profile are polled; the page speaks for the ones it can show.
      if (event.notify && event.query.profileId === useConnection.getState().info?.activeProfileId) maybeNotify(event.query, event.fresh)
      return
    case 'queryWatch:list':
      if (event.profileId === useConnection.getState().info?.activeProfileId) store.applyList(event.list, event.profileId)
      return
    case 'queryWatch:open':
      void openQuery(event.profileId, event.queryId)
      return
  }
}

let stopSync: (() => void) | null = null

/**
 * Starts the wiring once per page; the list loads now and again whenever the profile
 * changes. Later calls only load the list if it never was.
 */
export function startQueryWatchSync(): () => void {
  if (stopSync) {
    if (useQueryWatches.getState().status === 'idle') void useQueryWatches.getState().refresh()
    return stopSync
  }
  const unsubscribe = onMainEvent(handleEvent)
  const unwatchProfile = useConnection.subscribe((s, prev) => {
    if (s.info?.activeProfileId !== prev.info?.activeProfileId) void useQueryWatches.getState().refresh()
  })
  void useQueryWatches.getState().refresh()
  stopSync = () => {
    unsubscribe()
    unwatchProfile()
    stopSync = null
  }
  return stopSync
}
