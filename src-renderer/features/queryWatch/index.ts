/** What other features may use of watched queries: the list and its actions, naming a filter, the view's address, start-up wiring. */
export { useAddQueryWatch, useQueryWatches } from './queries'
export { describeQuery, intervalText } from './describe'
export { queriesHash, startQueryWatchSync } from './sync'
export { WatchedFiltersLink } from './WatchedFiltersLink'
