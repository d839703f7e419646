import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'

/**
 * The query each view was last left with, by path, so the sidebar takes a person back to
 * a view as they left it (its filters, History's "load all" view) rather than afresh.
 */
export function useLastSearch(): (path: string) => string {
  const { pathname, search } = useLocation()
  const [searches, setSearches] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => setSearches((m) => (m.get(pathname) === search ? m : new Map(m).set(pathname, search))), [pathname, search])
  return (path) => (path === pathname ? search : (searches.get(path) ?? ''))
}
