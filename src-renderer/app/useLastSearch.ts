import { useEffect, useState } from 'react'
import { parsePath, useLocation } from 'react-router'

const remember = (m: ReadonlyMap<string, string>, path: string, search: string) => (m.get(path) === search ? m : new Map(m).set(path, search))

/**
 * The query each view was last left with, by path, so the sidebar takes a person back to
 * a view as they left it (its filters, History's "load all" view) rather than afresh.
 * A page opened in place of another view's result (a search's exact match opens its
 * intent) names where "back" goes in its history state: that view was left as that.
 */
export function useLastSearch(): (path: string) => string {
  const { pathname, search, state } = useLocation()
  const backTo = (state as { backTo?: unknown } | null)?.backTo
  const back = typeof backTo === 'string' ? backTo : undefined
  const [searches, setSearches] = useState<ReadonlyMap<string, string>>(new Map())
  useEffect(() => {
    const left = back === undefined ? undefined : parsePath(back)
    setSearches((m) => remember(left?.pathname ? remember(m, left.pathname, left.search ?? '') : m, pathname, search))
  }, [pathname, search, back])
  return (path) => (path === pathname ? search : (searches.get(path) ?? ''))
}
