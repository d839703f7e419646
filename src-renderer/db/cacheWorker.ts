/** The cache worker's entry (the db README's "The cache worker"). */
import { serveCacheRequests } from './workerHost'

serveCacheRequests(self as unknown as Parameters<typeof serveCacheRequests>[0])
