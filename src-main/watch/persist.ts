import { existsSync, readFileSync } from 'node:fs'
import { moveAside, type Recovery } from '../settings/jsonFile'
import { DebouncedFileWriter } from '../settings/debouncedWriter'
import { z } from 'zod'
import { SVC_ERROR_KINDS } from '../../src-shared/contract/errors'
import { IntentReceiptSchema, IntentStatusSchema } from '../../src-shared/contract/service'
import { WATCH_PHASES, type WatchList, type WatchState } from '../../src-shared/contract/watch'
import { storedWatch } from './keep'

/**
 * The watch list on disk: every profile's watches with their last known state, and the
 * global mute. Each receipt's summary is kept (never the whole receipt, see `storedWatch`)
 * so the board still shows where a finished intent ended after a restart, when no
 * further call will be made for it.
 */
const StoredWatchSchema = z.object({
  profileId: z.string().min(1),
  intentId: z.string().min(1),
  addedAt: z.number(),
  phase: z.enum(WATCH_PHASES),
  status: IntentStatusSchema.optional(),
  receipt: IntentReceiptSchema.optional(),
  receiptTrimmed: z.boolean().optional(),
  receiptSource: z.object({ profileId: z.string(), baseUrl: z.string(), simulated: z.boolean(), fetchedAt: z.number() }).optional(),
  outcome: z.enum(['SUCCEEDED', 'FAILED', 'REFUNDED', 'ABORTED']).optional(),
  failureReason: z.string().optional(),
  lastUpdateAt: z.number().optional(),
  lastChangeAt: z.number().optional(),
  error: z.object({ kind: z.enum(SVC_ERROR_KINDS), message: z.string() }).passthrough().optional(),
  retryAt: z.number().optional(),
  muted: z.boolean(),
  // Lists written before watches carried revisions have none: they count as 0.
  revision: z.number().int().nonnegative().default(0),
})

const FileSchema = z.object({
  version: z.literal(1),
  notificationsMuted: z.boolean(),
  paused: z.boolean().default(false),
  /** The revision counter when written, so revisions keep growing across restarts. */
  revision: z.number().int().nonnegative().default(0),
  watches: z.array(StoredWatchSchema),
})

const EMPTY_LIST: WatchList = { kind: 'watches', revision: 0, items: [], notificationsMuted: false, paused: false }

/**
 * Reads the list. A missing file is an empty list; an unreadable or invalid one (or a
 * folder in its place) is moved aside to a timestamped backup (so nothing is lost for
 * good, and an earlier backup is never replaced), start-up goes on with an empty list,
 * and `recovery` says so, for the app to show like the other settings files.
 */
export function loadWatchFile(file: string, log: (message: string) => void = console.error): { list: WatchList; recovery?: Recovery } {
  if (!existsSync(file)) return { list: EMPTY_LIST }
  try {
    const parsed = FileSchema.parse(JSON.parse(readFileSync(file, 'utf8')))
    const items = (parsed.watches as WatchState[]).map(storedWatch)
    return { list: { kind: 'watches', revision: parsed.revision, items, notificationsMuted: parsed.notificationsMuted, paused: parsed.paused } }
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'EISDIR' ? 'a folder was where the file should be' : e instanceof SyntaxError ? 'not valid JSON' : 'its contents do not fit the watch list'
    try {
      const backupPath = moveAside(file)
      log(`The watch list ${file} could not be read and was moved to ${backupPath}; starting with no watches. (${String(e)})`)
      return { list: EMPTY_LIST, recovery: { backupPath, reason } }
    } catch (moveError) {
      log(`The watch list ${file} could not be read nor moved aside; starting with no watches. (${String(moveError)})`)
      return { list: EMPTY_LIST }
    }
  }
}

/** The watch list's file, rewritten as watches change (atomic, owner-only, bursts gathered). */
export class WatchFileWriter extends DebouncedFileWriter {
  constructor(file: string, snapshot: () => WatchList, delayMs = 200, log: (message: string) => void = console.error) {
    super(
      file,
      () => {
        const list = snapshot()
        const watches = list.items.map(storedWatch)
        return JSON.stringify({ version: 1, notificationsMuted: list.notificationsMuted, paused: list.paused, revision: list.revision, watches })
      },
      delayMs,
      log,
      'the watch list',
    )
  }
}
