export { SaveSearchButton, SavedSearchList } from './SavedSearches'
