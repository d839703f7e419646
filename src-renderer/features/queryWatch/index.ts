/** What other features may use of watched queries: the store, naming a filter, the view's address, start-up wiring. */
export { useQueryWatches } from './store'
export { describeQuery, intervalText } from './describe'
export { queriesHash, startQueryWatchSync } from './sync'
export { WatchedFiltersLink } from './WatchedFiltersLink'
