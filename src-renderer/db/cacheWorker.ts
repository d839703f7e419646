/**
 * The cache worker: staging and filing of history pages and write-through of intent
 * objects, off the window's thread. Dexie runs here on the same database as the page;
 * the page's live queries see what it writes. See `workerHost.ts` and `workerClient.ts`.
 */
import { serveCacheRequests } from './workerHost'

serveCacheRequests(self as unknown as Parameters<typeof serveCacheRequests>[0])
