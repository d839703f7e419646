import { z } from 'zod'
import { SVC_ERROR_KINDS } from '../../src-shared/contract/errors'
import { IntentReceiptSchema, IntentStatusSchema } from '../../src-shared/contract/service'
import { WATCH_PHASES, type WatchState } from '../../src-shared/contract/watch'
import { storedWatch } from './keep'

export const KeptErrorSchema = z.object({ kind: z.enum(SVC_ERROR_KINDS), message: z.string() }).passthrough()

/**
 * The watch list on disk (written by `ListBook`): every profile's watches with their last
 * known state, the global mute and the pause. Each receipt's summary is kept (never the whole receipt, see `storedWatch`)
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
  error: KeptErrorSchema.optional(),
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

/** The file's contents, every watch within today's bounds (`storedWatch`), also from a file an older version wrote. */
export const WatchFileSchema = FileSchema.transform((f) => ({ ...f, watches: (f.watches as WatchState[]).map(storedWatch) }))
export type WatchFile = z.output<typeof WatchFileSchema>
