/** What other features may use of watched queries: adding one, naming a filter, what the page does with its events. */
export { useAddQueryWatch } from '../../data/queryWatches'
export { describeQuery, intervalText } from './describe'
export { handleQueryWatchEvent } from './sync'
export { WatchedFiltersLink } from './WatchedFiltersLink'
