import { SavedSearchList } from './SavedSearches'
import { SearchForm } from './SearchForm'
import { SearchResults } from './SearchResults'
import { UniversalBox } from './UniversalBox'
import { useSearchView } from './useSearchView'
import { useOpenExactMatch } from './useOpenExactMatch'
import { ViewHeader } from '../../components/ViewHeader'

/**
 * Find intents: one box that takes whatever was pasted, and every SearchIntents filter
 * for precise searches. The state lives in `useSearchView`; the search in the URL.
 */
export function SearchView() {
  const view = useSearchView()
  useOpenExactMatch(view)
  const { plan, universal, formQuery } = view
  return (
    <section className="view" aria-labelledby="search-title">
      <ViewHeader title="Search" titleId="search-title">
        <SavedSearchList />
      </ViewHeader>
      <UniversalBox key={`q:${universal}`} initial={universal} autoFocus={plan.mode === 'none'} onSearch={view.searchUniversal} />
      <details className="card search-filters" open={view.filtersOpen} onToggle={(e) => view.setFiltersOpen(e.currentTarget.open)}>
        <summary>Search by filters</summary>
        <SearchForm key={`f:${formQuery}`} initial={view.formDraft} revealProblems={plan.mode === 'invalid'} onSearch={view.searchFilters} />
      </details>
      <SearchResults view={view} />
    </section>
  )
}
