import { hashKey, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { PageParam, ReadOutcome } from '@contract/paging'
import { useReadAllRuns, type ReadAllState } from '../stores/readAllRuns'
import { fetchListPage, readPages, type PageAnswer, type PagedSource } from './paging'

/**
 * "Load all" for a paged list: reads page after page (`readPages`) into the list's
 * infinite query, so the view draws it like any other list, with progress, a cap, cancel
 * and resume. A run belongs to the query key, not to a component: it goes on while the
 * person looks at something else, and coming back finds its progress.
 */

export type PagedData<T> = InfiniteData<PageAnswer<T>, PageParam>

const aborts = new Map<string, AbortController>()
/** How long the service showed each list to be, at least: kept across runs and sources. */
const bounds = new Map<string, { atLeast: number; exact: boolean }>()

const setRun = (hash: string, run: ReadAllState) => useReadAllRuns.setState({ [hash]: run })

interface ReadAllOptions<T> {
  cap: number
  pageSize: number
  offline: boolean
  /** Continue from where the last run of this list stopped (same source), instead of starting over. */
  resume?: boolean
  /** An item's identity, so an item listed twice is shown once and counted. */
  idOf?(item: T): string | undefined
}

function noteBound(hash: string, loaded: number, answer: NonNullable<PageAnswer<unknown>>) {
  if (answer.fromCache) return
  const ended = answer.data.next === undefined
  const was = bounds.get(hash)
  const atLeast = loaded + (ended ? 0 : 1)
  bounds.set(hash, { atLeast: ended ? atLeast : Math.max(was?.atLeast ?? 0, atLeast), exact: ended })
}

/** The bound to report when a run of `loaded` items ended: only if the list is known to be longer. */
function partialBound(hash: string, loaded: number, outcome: ReadOutcome, next: PageParam | undefined): number | undefined {
  const b = bounds.get(hash)
  if (b?.exact) return undefined
  const known = Math.max(b?.atLeast ?? 0, outcome === 'error' && next ? loaded + 1 : 0)
  return (outcome === 'complete' || outcome === 'error') && known > loaded ? known : undefined
}

/** Starts (or resumes) reading the whole list under `key`, replacing any run of it in progress. */
export async function readAllInto<T>(client: QueryClient, key: QueryKey, source: PagedSource<T>, o: ReadAllOptions<T>): Promise<void> {
  const hash = hashKey(key)
  aborts.get(hash)?.abort()
  const abort = new AbortController()
  aborts.set(hash, abort)
  const prev = useReadAllRuns.getState()[hash]
  const resume = o.resume === true && prev?.next !== undefined && prev.offline === o.offline
  if (!resume) client.setQueryData<PagedData<T>>(key, { pages: [], pageParams: [] })
  const seen = new Set<string>()
  /** Whether an item is not yet listed (one without an identity always is); it is listed from now on. */
  const isNew = (item: T) => {
    const id = o.idOf?.(item)
    if (id === undefined) return true
    if (seen.has(id)) return false
    seen.add(id)
    return true
  }
  for (const page of client.getQueryData<PagedData<T>>(key)?.pages ?? []) page?.data.items.forEach(isNew)
  let run: ReadAllState = {
    running: true,
    cancelling: false,
    loaded: resume ? prev.loaded : 0,
    cap: o.cap,
    pages: resume ? prev.pages : 0,
    duplicates: resume ? prev.duplicates : 0,
    offline: o.offline,
  }
  setRun(hash, run)
  // The run's signal stops it after the page in flight (kept: it was fetched anyway), so
  // the page itself is not given the signal.
  const r = await readPages((param) => fetchListPage(source, param, o.offline), {
    from: resume ? prev.next : undefined,
    already: run.loaded,
    cap: o.cap,
    pageSize: o.pageSize,
    signal: abort.signal,
    onPage: (answer, param) => {
      if (aborts.get(hash) !== abort) return 0
      const fresh = answer.data.items.filter(isNew)
      const kept = { ...answer, data: { ...answer.data, items: fresh } }
      client.setQueryData<PagedData<T>>(key, (old) => ({ pages: [...(old?.pages ?? []), kept], pageParams: [...(old?.pageParams ?? []), param] }))
      noteBound(hash, run.loaded + fresh.length, answer)
      const dropped = answer.data.items.length - fresh.length
      run = { ...run, loaded: run.loaded + fresh.length, pages: run.pages + 1, duplicates: run.duplicates + dropped }
      setRun(hash, run)
      return fresh.length
    },
  })
  if (aborts.get(hash) !== abort) return
  aborts.delete(hash)
  const atLeast = partialBound(hash, run.loaded, r.outcome, r.next)
  setRun(hash, { ...run, running: false, cancelling: false, outcome: r.outcome, error: r.error, next: r.next, ...(atLeast !== undefined && { atLeast }) })
}

/** Asks the run of `key` to stop after the page in flight. */
export function cancelReadAll(key: QueryKey): void {
  const hash = hashKey(key)
  const run = useReadAllRuns.getState()[hash]
  const abort = aborts.get(hash)
  if (!run?.running || !abort) return
  abort.abort()
  setRun(hash, { ...run, cancelling: true })
}

/** Stops and forgets the run of `key` (its pages stay in the query until it is read again). */
export function dropReadAll(key: QueryKey): void {
  const hash = hashKey(key)
  aborts.get(hash)?.abort()
  aborts.delete(hash)
  useReadAllRuns.setState(({ [hash]: _dropped, ...rest }) => rest, true)
}

/** Stops every run and forgets them and what the service showed of each list (a fresh start, for tests). */
export function forgetReadAllRuns(): void {
  for (const abort of aborts.values()) abort.abort()
  aborts.clear()
  bounds.clear()
  useReadAllRuns.setState({}, true)
}
