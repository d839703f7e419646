/** What other features may use of watched queries: adding one, naming a filter, the view's address, start-up wiring. */
export { useAddQueryWatch } from '../../data/queryWatches'
export { describeQuery, intervalText } from './describe'
export { queriesHash, startQueryWatchSync } from './sync'
export { WatchedFiltersLink } from './WatchedFiltersLink'
