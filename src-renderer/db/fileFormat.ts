import { z } from 'zod'
import {
  ChainInfoSchema,
  EarnPoolSchema,
  IntentHistoryEntrySchema,
  IntentReceiptSchema,
  IntentSchema,
  IntentStatusSchema,
  YieldBalanceQuerySchema,
  YieldBalancesSchema,
  YieldErrorSchema,
  YieldMarketSchema,
  formatPath,
  plainTokenCheck,
} from '@contract/service'
import { snapshotTotalUsd, walletKey } from './records'
import { SCHEMA_VERSION, type StoreName } from './schema'
import { yieldToUi } from './yieldToUi'

/**
 * The cache export file: one JSON object
 * `{ format, version, exportedAt, stores: { <store>: [records] }, profiles }`.
 * `version` is the schema version that wrote it; files of any version up to the current
 * one are read (the records carry no derived fields, so an older file is still whole).
 * Every record is validated with the same schemas the bridge uses for service data.
 */

export const CACHE_FILE_FORMAT = 'intent-explorer-cache'

const profileId = z.string().min(1).max(64)
const epochMs = z.number().int().nonnegative()
/** Intent ids are plain ASCII: a look-alike character is refused, as in service answers. */
const intentId = z.string().min(1).superRefine(plainTokenCheck)
const fetched = { profileId, baseUrl: z.string(), fetchedAt: epochMs }

export const RECORD_SCHEMAS = {
  intents: z
    .object({ ...fetched, intentId, intent: IntentSchema })
    .refine((r) => !r.intent.intentId || r.intent.intentId === r.intentId, 'intentId differs from the intent it holds'),
  historyEntries: z.object({ ...fetched, intentId, entry: IntentHistoryEntrySchema }),
  receipts: z.object({ ...fetched, intentId, receipt: IntentReceiptSchema }),
  // seenAt: the fetch time of the answer that showed the status.
  transitions: z.object({ profileId, baseUrl: z.string(), intentId, status: IntentStatusSchema, seenAt: epochMs }),
  chains: z
    .object({ ...fetched, id: z.number().int(), chain: ChainInfoSchema })
    .refine((r) => r.chain.id === r.id, 'id differs from the chain it holds'),
  markets: z
    .object({ ...fetched, id: z.string().min(1), market: YieldMarketSchema })
    .refine((r) => r.market.id === r.id, 'id differs from the market it holds'),
  // Derived fields are recomputed, never trusted from a file.
  balanceSnapshots: z
    .object({
      ...fetched,
      queries: z.array(YieldBalanceQuerySchema).min(1),
      items: z.array(YieldBalancesSchema),
      errors: z.array(YieldErrorSchema),
    })
    .transform((s) => ({ ...s, walletKey: walletKey(s.queries), totalUsd: snapshotTotalUsd(s.items) })),
  earnPools: z
    // timestamp: the service's own, of the answer that carried the pool.
    .object({ ...fetched, id: z.string().min(1), pool: EarnPoolSchema, timestamp: z.string() })
    .refine((r) => r.pool.id === r.id, 'id differs from the pool it holds'),
  watches: z.object({
    profileId,
    intentId,
    addedAt: epochMs,
    status: IntentStatusSchema.optional(),
    done: z.boolean().optional(),
    muted: z.boolean().optional(),
    lastUpdateAt: epochMs.optional(),
  }),
  notes: z.object({ id: z.string().min(1), profileId, intentId, text: z.string().min(1), createdAt: epochMs }),
  bookmarks: z.object({ profileId, intentId, createdAt: epochMs }),
  savedSearches: z.object({
    id: z.string().min(1),
    profileId,
    view: z.enum(['search', 'history', 'yield']),
    name: z.string().min(1),
    /** The view's URL query string. */
    query: z.string(),
    createdAt: epochMs,
  }),
} satisfies Partial<Record<StoreName, z.ZodType>>

export type FileStore = keyof typeof RECORD_SCHEMAS

/** The fields of a record schema that are times (`epochMs`, optional or not). */
function timeFields(schema: z.ZodType): string[] {
  const shape = (schema instanceof z.ZodPipe ? schema.in : schema) as z.ZodObject
  return Object.keys(shape.shape).filter((k) => {
    const field = shape.shape[k]
    return field === epochMs || (field instanceof z.ZodOptional && field.unwrap() === epochMs)
  })
}

/**
 * The times each kind of record carries, as its schema says. An import clamps those later
 * than the file's export time or the import itself: a record dated in the future would
 * otherwise outrank every fetch until that date (`exportImport.ts`).
 */
export const RECORD_TIMES = Object.fromEntries(Object.entries(RECORD_SCHEMAS).map(([store, schema]) => [store, timeFields(schema)])) as Record<FileStore, string[]>
export type FileRecord<S extends FileStore> = z.output<(typeof RECORD_SCHEMAS)[S]>
export type FileStores = { [S in FileStore]?: FileRecord<S>[] }

export const isFileStore = (name: string): name is FileStore => Object.hasOwn(RECORD_SCHEMAS, name)

/** Why a file was refused, in words a person can act on; `issues` lists the bad records. */
export class CacheFileError extends Error {
  constructor(message: string, readonly issues: string[] = []) {
    super(message)
    this.name = 'CacheFileError'
  }
}

const HeaderSchema = z.object({
  format: z.literal(CACHE_FILE_FORMAT),
  version: z.number().int().min(1),
  exportedAt: epochMs,
  profiles: z.array(z.object({ profileId, baseUrls: z.array(z.string()) })),
  stores: z.record(z.string(), z.array(z.unknown())),
})

type Header = z.output<typeof HeaderSchema>
/** A profile in the file, with the service URLs its records came from. */
export type FileProfile = Header['profiles'][number]
/** A validated file: its header and the records of each store. */
export type CacheFile = Omit<Header, 'format' | 'stores'> & { stores: FileStores }

const MAX_REPORTED_ISSUES = 8
const VALIDATION_SLICE = 500

/**
 * Parses and validates a whole export before anything is written. Works through the
 * records in slices, yielding between them, so a large file does not freeze the window.
 */
export async function parseCacheFile(text: string, onProgress?: (p: { done: number; total: number }) => void): Promise<CacheFile> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new CacheFileError(
      `This file is not valid JSON, so it cannot be a complete cache export (it may be truncated or damaged): ${(e as Error).message}`,
    )
  }
  const format = (json as { format?: unknown } | null)?.format
  if (typeof json !== 'object' || json === null || format !== CACHE_FILE_FORMAT)
    throw new CacheFileError(
      `This is not an Intent Explorer cache export${typeof format === 'string' ? ` (its format is “${format}”)` : ''}.`,
    )
  const version = (json as { version?: unknown }).version
  if (typeof version === 'number' && version > SCHEMA_VERSION)
    throw new CacheFileError(
      `This export comes from a newer version of Intent Explorer (cache version ${version}); this one reads versions up to ${SCHEMA_VERSION}. Update the app to import it.`,
    )
  const header = HeaderSchema.safeParse(json)
  if (!header.success)
    throw new CacheFileError(
      'The export header is damaged.',
      header.error.issues.slice(0, MAX_REPORTED_ISSUES).map((i) => `${formatPath(i.path) || 'file'}: ${i.message}`),
    )
  const unknown = Object.keys(header.data.stores).filter((s) => !isFileStore(s))
  if (unknown.length) throw new CacheFileError(`The export holds stores this version does not know: ${unknown.join(', ')}.`)

  const listed = new Set(header.data.profiles.map((p) => p.profileId))
  const total = Object.values(header.data.stores).reduce((n, list) => n + list.length, 0)
  const issues: string[] = []
  const stores: Record<string, unknown[]> = {}
  let done = 0
  for (const [name, list] of Object.entries(header.data.stores) as [FileStore, unknown[]][]) {
    const schema: z.ZodType = RECORD_SCHEMAS[name]
    const out: unknown[] = []
    for (let i = 0; i < list.length && issues.length < MAX_REPORTED_ISSUES; i++) {
      const parsed = schema.safeParse(list[i])
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        issues.push(`stores.${name}[${i}]${issue.path.length ? `.${formatPath(issue.path)}` : ''}: ${issue.message}`)
      } else if (!listed.has((parsed.data as { profileId: string }).profileId)) {
        issues.push(`stores.${name}[${i}]: belongs to profile “${(parsed.data as { profileId: string }).profileId}”, which the header does not list`)
      } else out.push(parsed.data)
      if (++done % VALIDATION_SLICE === 0) {
        onProgress?.({ done, total })
        await yieldToUi()
      }
    }
    stores[name] = out
  }
  if (issues.length)
    throw new CacheFileError(
      issues.length >= MAX_REPORTED_ISSUES
        ? `The export has invalid records (showing the first ${MAX_REPORTED_ISSUES}); nothing was imported.`
        : `The export has ${issues.length} invalid record${issues.length > 1 ? 's' : ''}; nothing was imported.`,
      issues,
    )
  onProgress?.({ done: total, total })
  return { version: header.data.version, exportedAt: header.data.exportedAt, profiles: header.data.profiles, stores: stores as FileStores }
}
