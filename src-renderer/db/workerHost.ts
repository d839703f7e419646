import { messageOf } from '@contract/errors'
import { onCacheActivity } from './activity'
import { explorerDb, openExplorerDb, setExplorerDb } from './db'
import { errorNames } from './errors'
import { flushHere, forgetStagedInMemory, onEntriesFiled, pausedHere, scheduleHere, stageHere } from './historyJournal'
import { ingestHere } from './writeThrough'
import { readQuotedHere } from './reads'
import type { FromWorker, PostedRequest } from './workerProtocol'

/**
 * The cache worker's side (`cacheWorker.ts` runs it): each request the page posts runs
 * here, on the worker's thread, with the same functions the page runs when it has no
 * worker; the answer goes back with the request's id. Separate from the worker's entry so
 * tests drive it directly.
 */

/** Pauses in force, by the id of the request that began each: resolving one ends it. */
const pauses = new Map<number, () => void>()

/** The page's database: a page that points the cache elsewhere (`setExplorerDb`) has the worker follow. */
function followDatabase(name: string): void {
  if (explorerDb().name !== name) setExplorerDb(openExplorerDb(name))
}

/** Runs one request; settles when it is done (a pause: once no slice runs), with what a read found. */
export function handleCacheRequest(request: PostedRequest): Promise<unknown> {
  followDatabase(request.db)
  switch (request.op) {
    case 'stage':
      return stageHere(request.meta, request.entries)
    case 'ingest':
      return ingestHere(request.kind, request.meta, request.objects)
    case 'schedule':
      return scheduleHere()
    case 'flush':
      return flushHere()
    case 'pause':
      return new Promise<void>((paused) => {
        void pausedHere(() => {
          paused()
          return new Promise<void>((resume) => pauses.set(request.id, resume))
        })
      })
    case 'quotes':
      return readQuotedHere(request.profileId, request.intentIds, request.others)
    case 'resume':
      // The page may have cleared the journal meanwhile: read it again before filing on.
      forgetStagedInMemory()
      pauses.get(request.pauseId)?.()
      pauses.delete(request.pauseId)
      return Promise.resolve()
  }
}

interface Scope {
  postMessage(message: FromWorker): void
  addEventListener(type: 'message', listener: (event: MessageEvent<PostedRequest>) => void): void
}

/** Serves the page from `scope` (the worker's global): requests in, answers and reports out. */
export function serveCacheRequests(scope: Scope): void {
  onCacheActivity((activity) => scope.postMessage({ event: 'activity', activity }))
  onEntriesFiled((profileId, fetchedAt, intentIds) => scope.postMessage({ event: 'filed', profileId, fetchedAt, intentIds }))
  scope.addEventListener('message', ({ data: request }) => {
    handleCacheRequest(request).then(
      (value) => scope.postMessage({ id: request.id, ok: true, value }),
      (error: unknown) => scope.postMessage({ id: request.id, ok: false, names: errorNames(error), message: messageOf(error) }),
    )
  })
}
