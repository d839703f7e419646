import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { z } from 'zod'
import { SVC_ERROR_KINDS } from '../../src-shared/contract/errors'
import { QUERY_WATCH_PHASES, WatchedQuerySchema, type QueryWatchState } from '../../src-shared/contract/queryWatch'
import { readJsonFile, type Recovery } from '../settings/jsonFile'

/**
 * The watched queries on disk: each query's state with its findings, and its seen-map
 * (intentId → last status), so a restart neither loses what was found nor reports the
 * same intents again as new.
 */

export interface StoredQuery {
  state: QueryWatchState
  seen: Array<[string, string]>
}

const FindingSchema = z.object({
  kind: z.enum(['new', 'status']),
  intentId: z.string().min(1),
  status: z.string().optional(),
  previousStatus: z.string().optional(),
  createdAt: z.string().optional(),
  foundAt: z.number(),
  unread: z.boolean(),
})

const StateSchema = z.object({
  id: z.string().min(1),
  rev: z.number().int().nonnegative().default(0),
  profileId: z.string().min(1),
  name: z.string(),
  query: WatchedQuerySchema,
  historyParams: z.string().optional(),
  intervalMs: z.number().int().positive(),
  addedAt: z.number(),
  phase: z.enum(QUERY_WATCH_PHASES),
  lastPollAt: z.number().optional(),
  nextPollAt: z.number().optional(),
  error: z.object({ kind: z.enum(SVC_ERROR_KINDS), message: z.string() }).passthrough().optional(),
  lastCount: z.number().optional(),
  seenCount: z.number(),
  baselined: z.boolean(),
  findings: z.array(FindingSchema),
  unread: z.number(),
})

const FileSchema = z.object({
  version: z.literal(1),
  queries: z.array(z.object({ state: StateSchema, seen: z.array(z.tuple([z.string(), z.string()])) })),
})

/**
 * Reads the file. Missing is an empty list; unreadable or invalid is moved aside to a
 * timestamped backup and start-up goes on with none, `recovery` saying so.
 */
export function loadQueryFile(file: string, log: (message: string) => void): { queries: StoredQuery[]; recovery?: Recovery } {
  try {
    const read = readJsonFile(file, FileSchema)
    if (read.state === 'missing') return { queries: [] }
    if (read.state === 'ok') return { queries: read.data.queries as StoredQuery[] }
    log(`The watched queries in ${file} could not be read and were moved to ${read.recovery.backupPath}; starting with none. (${read.recovery.reason})`)
    return { queries: [], recovery: read.recovery }
  } catch (e) {
    log(`The watched queries in ${file} could not be read nor moved aside; starting with none. (${String(e)})`)
    return { queries: [] }
  }
}

/**
 * Writes the file atomically (temp file, then rename), owner-only like every file in the
 * data folder. Requests during a write fold into one more write after it, and a short
 * delay gathers bursts (several queries polled together).
 */
export class QueryFileWriter {
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> | null = null
  private dirty = false

  constructor(
    private readonly file: string,
    private readonly snapshot: () => StoredQuery[],
    private readonly delayMs: number,
    private readonly log: (message: string) => void,
  ) {}

  schedule(): void {
    this.dirty = true
    if (this.timer || this.writing) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.flush()
    }, this.delayMs)
  }

  /** Writes now if anything changed; resolves when the file on disk is current. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    while (this.writing) await this.writing
    if (!this.dirty) return
    this.dirty = false
    this.writing = this.write().finally(() => {
      this.writing = null
    })
    await this.writing
    if (this.dirty) this.schedule()
  }

  private async write(): Promise<void> {
    const body = JSON.stringify({ version: 1, queries: this.snapshot() })
    const temp = `${this.file}.${process.pid}.tmp`
    try {
      await mkdir(dirname(this.file), { recursive: true, mode: 0o700 })
      await writeFile(temp, body, { encoding: 'utf8', mode: 0o600 })
      await rename(temp, this.file)
    } catch (e) {
      // Polling goes on; the next change tries again.
      this.log(`Could not save the watched queries to ${this.file}: ${String(e)}`)
    }
  }
}
