import type { BridgeEvent } from '@contract/bridge'
import { queryNoticeText } from '@contract/queryWatchNotice'
import { showInProfile } from '../../data/events'
import { showPageNotification } from '../../lib/pageNotification'
import { useConnection } from '../../stores/connection'

/** Shows the query where the watched queries are listed (`?focus=` scrolls to it), in its own profile. */
const openQuery = (profileId: string, queryId: string) => showInProfile(profileId, `#/watch/queries?focus=${encodeURIComponent(queryId)}`)

/**
 * What the page does with a watched-filter event besides showing it (the list itself
 * lives in the query cache, `data/mainList.ts`): a clicked notice opens the query, and in
 * the browser host the page itself shows the notice for what a poll found (in the desktop
 * app the main process does). Wired for the life of the page by the watch sync.
 */
export function handleQueryWatchEvent(event: BridgeEvent): void {
  if (event.type === 'list:open' && event.kind === 'queryWatches') void openQuery(event.profileId, event.id)
  if (event.type !== 'list:changed' || event.kind !== 'queryWatches' || !event.notify || !event.fresh?.length) return
  const info = useConnection.getState().info
  if (info?.runtime !== 'host') return
  // Queries of every profile are polled; the page speaks for the ones it can show.
  for (const q of event.items)
    if (q.profileId === info.activeProfileId)
      showPageNotification(queryNoticeText(q, event.fresh), `query:${q.profileId}:${q.id}`, () => void openQuery(q.profileId, q.id))
}
