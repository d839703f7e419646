import { z } from 'zod'
import { QueryWatchStateSchema, type QueryWatchState } from '../../src-shared/contract/queryWatch'
import { keptError } from '../watch/keep'
import { MAX_ID_CHARS, SeenSchema, type Seen } from './findings'

/** The watched queries on disk, with their findings and seen-maps, so a restart neither loses a finding nor reports it again. */

export interface StoredQuery {
  state: QueryWatchState
  seen: Array<[string, Seen]>
}

/** The file (written by `ListBook`): the queries and the revision counter when written. */
export interface StoredQueries {
  revision: number
  queries: StoredQuery[]
}

// Files written before both lists shared one protocol call it `rev` (a count per query).
const StateSchema = QueryWatchStateSchema.extend({ revision: z.number().int().nonnegative().optional(), rev: z.number().int().nonnegative().optional() }).transform(
  ({ rev, revision, ...state }) => ({ ...state, revision: revision ?? rev ?? 0 }),
)

const KeptSeenSchema = z.union([
  SeenSchema,
  // Files written before intents that stop matching were told apart: the status alone.
  // Whether such an intent still matches is unknown until a poll reads it again.
  z.string().transform((status): Seen => ({ status, matching: false })),
])

const FileSchema = z.object({
  version: z.literal(1),
  /** The revision counter when written (absent from older files). */
  revision: z.number().int().nonnegative().default(0),
  queries: z.array(z.object({ state: StateSchema, seen: z.array(z.tuple([z.string(), KeptSeenSchema])) })),
})

/** The file's contents, every query within today's bounds, also from a file an older version wrote. */
export const QueryFileSchema = FileSchema.transform((f): StoredQueries & { version: 1 } => ({ ...f, queries: (f.queries as StoredQuery[]).map(bounded) }))

/**
 * A saved query within today's bounds (a file an older version wrote may hold ids or
 * errors of any length): over-long ids are dropped, the error's texts cut to size.
 */
function bounded({ state, seen }: StoredQuery): StoredQuery {
  const findings = state.findings.filter((f) => f.intentId.length <= MAX_ID_CHARS)
  return {
    state: { ...state, findings, ...(state.error && { error: keptError(state.error) }) },
    seen: seen.filter(([id]) => id.length <= MAX_ID_CHARS),
  }
}
