import { z } from 'zod'
import { DataSourceSchema } from './app'
import { SVC_ERROR_KINDS, type SvcError } from './errors'
import type { ListChanged, ListControl, ListOpen, ListSnapshot } from './mainList'
import { IntentReceiptSchema, IntentStatusSchema } from './service'

/**
 * Live receipt watching, run in the main process so it survives reloads and keeps going
 * with no window open. Watches belong to a profile: an intent id means nothing without
 * the service it came from.
 */

/** `paused`: a window works offline, so the app asks the service nothing until it is back. */
export const WATCH_PHASES = ['queued', 'polling', 'retrying', 'paused', 'done'] as const

/** How a watch ended; ABORTED and REFUNDED are final outcomes too, though not `done` for the service. */
export type WatchOutcome = NonNullable<WatchState['outcome']>

/** An error as a watch keeps it (`keptError`): its kind and message checked when read back, the rest as written. */
export const KeptErrorSchema = z.object({ kind: z.enum(SVC_ERROR_KINDS), message: z.string() }).passthrough() as unknown as z.ZodType<SvcError>

export const WatchStateSchema = z.object({
  profileId: z.string().min(1),
  intentId: z.string().min(1),
  /** epoch ms */
  addedAt: z.number(),
  phase: z.enum(WATCH_PHASES),
  status: IntentStatusSchema.optional(),
  /** The newest receipt received, if any; its summary alone when `receiptTrimmed`. */
  receipt: IntentReceiptSchema.optional(),
  /**
   * `receipt` is a bounded summary (too large to keep, or read back from disk): a view that
   * needs the whole receipt reads it from the service, and the cache never takes it for one.
   */
  receiptTrimmed: z.boolean().optional(),
  /**
   * Where and when `receipt` was last read, so a window that opens later can cache a
   * receipt received while none was open, with its true age.
   */
  receiptSource: DataSourceSchema.optional(),
  outcome: z.enum(['SUCCEEDED', 'FAILED', 'REFUNDED', 'ABORTED']).optional(),
  /** `originTransaction.statusReason` of a failed intent. */
  failureReason: z.string().optional(),
  /** When the last answer arrived, and when the status last changed (epoch ms). */
  lastUpdateAt: z.number().optional(),
  lastChangeAt: z.number().optional(),
  /** While retrying: what went wrong and when the next attempt is due. */
  error: KeptErrorSchema.optional(),
  retryAt: z.number().optional(),
  muted: z.boolean(),
  /** The counter's value at this watch's last change (`mainList.ts`): a window keeps the copy with the higher one. */
  revision: z.number().int().nonnegative(),
})
export type WatchState = z.output<typeof WatchStateSchema>

/**
 * The active profile's watches (`mainList.ts`): `revision` is the counter when the list
 * was read, so a watch a window knows at a higher revision was added or changed after.
 */
export interface WatchList extends ListSnapshot<'watches', WatchState> {
  notificationsMuted: boolean
  /** Watching is paused for every profile: a window works offline (see `setPaused`). */
  paused: boolean
}

/**
 * A desktop notification the main process decided is due: a watch reached its outcome
 * while watched, and neither the watch nor all notifications are muted. The desktop app
 * shows it from the main process; the browser host's page shows it as it is.
 */
export interface WatchNotice {
  profileId: string
  intentId: string
  outcome: WatchOutcome
  title: string
  body: string
}

/**
 * What the watch list tells windows (`mainList.ts`): each watch changed, whole, with the
 * notice when one is due (it reached its outcome while watched and nothing is muted);
 * `receiptSource` says where its receipt was read. A watch tells its news by its state:
 * an `outcome` (done), `phase: 'retrying'` with `error` and `retryAt`, `phase: 'done'`
 * with `error` (stopped by a failure the watcher will not retry).
 */
export type WatchEvent = WatchChange | ListOpen<'watches'>
export type WatchChange = ListChanged<'watches', WatchState, WatchList> & { notice?: WatchNotice }

export { watchNews } from './watchNews'

const intentId = z.string().trim().min(1, 'Enter an intent id').max(200)

export const WatchIntentArgsSchema = z.object({ intentId, muted: z.boolean().optional() }).strict()
export const WatchIdArgsSchema = z.object({ intentId }).strict()
export const WatchMuteArgsSchema = z.object({ intentId, muted: z.boolean() }).strict()
export const MuteAllArgsSchema = z.object({ muted: z.boolean() }).strict()
export const PauseWatchingArgsSchema = z.object({ paused: z.boolean() }).strict()

/** What the bridge needs from the watcher (implemented in `src-main/watch/`). */
export interface WatchControl extends ListControl {
  /** Watches on the active profile. Adding an intent already watched returns it unchanged. */
  watch(profileId: string, intentId: string, opts?: { muted?: boolean }): WatchState
  unwatch(profileId: string, intentId: string): boolean
  list(profileId: string): WatchList
  clearFinished(profileId: string): number
  setMuted(profileId: string, intentId: string, muted: boolean): WatchState
  setNotificationsMuted(muted: boolean): boolean
  /**
   * Pauses every unfinished watch (no calls at all) or resumes them: "Work offline" in a
   * window. Kept on disk, so a paused app does not call the service at its next start
   * before the window says so again. Returns the new setting.
   */
  setPaused(paused: boolean): boolean
}
