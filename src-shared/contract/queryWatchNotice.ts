import type { QueryFinding, QueryWatchState } from './queryWatch'

// Apart from queryWatch.ts (which holds the bridge's argument schemas) so the renderer can
// word a notice and read the limits at start-up without loading zod.

/** The bounds on watched queries, enforced by the main process and shown by the page. */
export const QUERY_WATCH_LIMITS = {
  /** Watched queries kept at once, over all profiles. */
  maxQueries: 20,
  /** No query is polled more often than this. */
  minIntervalMs: 30_000,
  maxIntervalMs: 24 * 60 * 60_000,
  defaultIntervalMs: 60_000,
} as const

/** The poll rates the page offers. */
export const QUERY_WATCH_INTERVALS_MS = [30_000, 60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const

/** An intent id as a notice names it: `0x1234abcd…ef01`. */
export const shortId = (id: string) => (id.length > 13 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id)

/** One finding in words: "0x1234abcd…ef01 is new (FAILED)", "… EXECUTING → FAILED" or "… no longer matches (was EXECUTING)". */
export function findingText(f: QueryFinding): string {
  const id = shortId(f.intentId)
  if (f.kind === 'new') return `${id} is new${f.status ? ` (${f.status})` : ''}`
  if (f.kind === 'left') return `${id} no longer matches${f.previousStatus ? ` (was ${f.previousStatus})` : ''}`
  return `${id} ${f.previousStatus ?? '?'} → ${f.status ?? '?'}`
}

/**
 * The desktop notice for what one poll of a watched query found. The main process shows
 * it in the desktop app and the page in the browser host; both read the same.
 */
export function queryNoticeText(query: Pick<QueryWatchState, 'name'>, fresh: readonly QueryFinding[]): { title: string; body: string } {
  const count = (kind: QueryFinding['kind']) => fresh.filter((f) => f.kind === kind).length
  const [added, changed, left] = [count('new'), count('status'), count('left')]
  const parts = [
    added ? `${added} new` : '',
    changed ? `${changed} status change${changed === 1 ? '' : 's'}` : '',
    left ? `${left} no longer matching` : '',
  ].filter(Boolean)
  const title = `${query.name}: ${parts.join(', ')}`
  const shown = fresh.slice(0, 3).map(findingText)
  const more = fresh.length > shown.length ? ` and ${fresh.length - shown.length} more` : ''
  return { title, body: `${shown.join('; ')}${more}` }
}
