import { z } from 'zod'
import { WatchStateSchema, type WatchState } from '../../src-shared/contract/watch'
import { storedWatch } from './keep'

/**
 * The watch list on disk (written by `ListBook`): every profile's watches with their last
 * known state, the global mute and the pause. Each receipt's summary is kept (never the whole receipt, see `storedWatch`)
 * so the board still shows where a finished intent ended after a restart, when no
 * further call will be made for it.
 */
// Lists written before watches carried revisions have none: they count as 0.
const StoredWatchSchema = WatchStateSchema.extend({ revision: z.number().int().nonnegative().default(0) })

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
