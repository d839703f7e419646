/** What other features may use of watched queries: adding one, naming a filter, the Watch board's link. */
export { useAddQueryWatch } from '../../data/queryWatches'
export { describeQuery, intervalText } from './describe'
export { WatchedFiltersLink } from './WatchedFiltersLink'
