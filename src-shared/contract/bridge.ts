import { z } from 'zod'
import { GetTokenPricesRequestSchema, type Capabilities, type ServiceClock, type TokenPriceView } from './service/extras'
import type { BridgeMethodName } from './channels'
import type { Result } from './errors'
import {
  GetChainsRequestSchema,
  GetEarnPoolsRequestSchema,
  GetIntentHistoryRequestSchema,
  GetIntentRequestSchema,
  CommitIntentRequestSchema,
  QuoteIntentRequestSchema,
  SearchIntentsRequestSchema,
  YieldBalanceQuerySchema,
  YieldGetMarketsRequestSchema,
  type CommitIntentResponse,
  type GetChainsResponse,
  type GetEarnPoolsResponse,
  type GetIntentHistoryResponse,
  type Intent,
  type IntentReceipt,
  type QuoteIntentResponse,
  type SearchIntentsResponse,
  type YieldGetAggregateBalancesResponse,
  type YieldGetMarketsResponse,
} from './service'
import {
  MuteAllArgsSchema,
  PauseWatchingArgsSchema,
  WatchIdArgsSchema,
  WatchIntentArgsSchema,
  WatchMuteArgsSchema,
  type WatchEvent,
  type WatchList,
  type WatchState,
} from './watch'
import {
  AddQueryWatchArgsSchema,
  QueryWatchIdArgsSchema,
  QueryWatchPauseArgsSchema,
  type QueryWatchEvent,
  type QueryWatchList,
  type QueryWatchState,
} from './queryWatch'
import {
  MarketHistoriesArgsSchema,
  MarketHistoryArgsSchema,
  MarketSummariesArgsSchema,
  RecorderSettingsSchema,
  WalletSetArgsSchema,
  WalletSetIdArgsSchema,
  type MarketHistory,
  type MarketSummary,
  type PositionHistory,
  type RecorderState,
  type WalletSet,
} from './marketHistory'
import { ProfileInputSchema, type AppInfo, type ConnectionTest, type Fetched, type ProfileView } from './app'

/**
 * The one bridge contract: every method the renderer may call, its arguments' schema and
 * its result's type, served over IPC and the host's HTTP bridge by the same handlers. Add
 * a method here and in `channels.ts`; never a generic pass-through.
 */

/** Upper bound for one positions request; the client splits it into batches of 25. */
export const MAX_BALANCE_QUERIES = 500

const profileId = z.string().min(1).max(64)

export const NoArgsSchema = z.object({}).strict().optional()
export const ProfileIdArgsSchema = z.object({ id: profileId }).strict()
export const ProfileKeyArgsSchema = z.object({ profileId }).strict()
export const TestConnectionArgsSchema = z.object({ profileId: profileId.optional() }).strict()
/** `refresh`: probe again (the app does on reconnect) rather than answer from what was learnt. */
export const GetCapabilitiesArgsSchema = z.object({ refresh: z.boolean().optional() }).strict()
export const SetAccessKeyArgsSchema = z
  .object({
    profileId,
    key: z.string().trim().min(1, 'Enter the access key').max(4096),
    allowPlainText: z.boolean().optional(),
  })
  .strict()
/** Longest pasted intent text sent with a commit: with the intent it must fit the host's 1 MiB bridge body. */
export const MAX_PASTED_INTENT_CHARS = 256_000

/** CommitIntent's request, plus the text pasted in the Commit view: sent unchanged when it is this intent in the service's form. */
export const CommitIntentArgsSchema = CommitIntentRequestSchema.extend({ pastedText: z.string().min(1).max(MAX_PASTED_INTENT_CHARS).optional() })

export const LogoArgsSchema = z.object({ url: z.string().min(1).max(2048) }).strict()

export const BalanceQueriesArgsSchema = z
  .object({
    queries: z
      .array(YieldBalanceQuerySchema)
      .min(1, 'Add at least one wallet')
      .max(MAX_BALANCE_QUERIES, `At most ${MAX_BALANCE_QUERIES} queries at once`),
  })
  .strict()

/** Binds an argument schema to a result type; `result` exists only for type inference. */
function method<R>() {
  return <A extends z.ZodType>(args: A): { args: A; result?: R } => ({ args })
}

export const BRIDGE = {
  getIntent: method<Fetched<Intent>>()(GetIntentRequestSchema),
  searchIntents: method<Fetched<SearchIntentsResponse>>()(SearchIntentsRequestSchema),
  getIntentHistory: method<Fetched<GetIntentHistoryResponse>>()(GetIntentHistoryRequestSchema),
  getIntentReceipt: method<Fetched<IntentReceipt>>()(GetIntentRequestSchema),
  quoteIntent: method<Fetched<QuoteIntentResponse>>()(QuoteIntentRequestSchema),
  commitIntent: method<Fetched<CommitIntentResponse>>()(CommitIntentArgsSchema),
  getChains: method<Fetched<GetChainsResponse>>()(GetChainsRequestSchema),
  yieldGetMarkets: method<Fetched<YieldGetMarketsResponse>>()(YieldGetMarketsRequestSchema),
  yieldGetAggregateBalances: method<Fetched<YieldGetAggregateBalancesResponse>>()(BalanceQueriesArgsSchema),
  getEarnPools: method<Fetched<GetEarnPoolsResponse>>()(GetEarnPoolsRequestSchema),

  watchIntent: method<WatchState>()(WatchIntentArgsSchema),
  unwatchIntent: method<{ removed: boolean; revision: number }>()(WatchIdArgsSchema),
  listWatches: method<WatchList>()(NoArgsSchema),
  clearFinishedWatches: method<{ removed: number; revision: number }>()(NoArgsSchema),
  setWatchMuted: method<WatchState>()(WatchMuteArgsSchema),
  setNotificationsMuted: method<{ muted: boolean; revision: number }>()(MuteAllArgsSchema),
  setWatchingPaused: method<{ paused: boolean; revision: number }>()(PauseWatchingArgsSchema),

  listQueryWatches: method<QueryWatchList>()(NoArgsSchema),
  addQueryWatch: method<QueryWatchState>()(AddQueryWatchArgsSchema),
  removeQueryWatch: method<{ removed: boolean; revision: number }>()(QueryWatchIdArgsSchema),
  setQueryWatchPaused: method<QueryWatchState>()(QueryWatchPauseArgsSchema),
  markQueryWatchSeen: method<QueryWatchState>()(QueryWatchIdArgsSchema),
  pollQueryWatchNow: method<QueryWatchState>()(QueryWatchIdArgsSchema),

  getAppInfo: method<AppInfo>()(NoArgsSchema),
  saveProfile: method<ProfileView>()(ProfileInputSchema),
  removeProfile: method<AppInfo>()(ProfileIdArgsSchema),
  setActiveProfile: method<AppInfo>()(ProfileIdArgsSchema),
  setAccessKey: method<ProfileView>()(SetAccessKeyArgsSchema),
  clearAccessKey: method<ProfileView>()(ProfileKeyArgsSchema),
  testConnection: method<ConnectionTest>()(TestConnectionArgsSchema),
  /** Which operations beyond the spec the active profile's service answers (probed once, kept; `refresh` probes again). */
  getCapabilities: method<Capabilities>()(GetCapabilitiesArgsSchema),
  /** USD prices from the service's GetTokenPrices; fails with NotFound where the service has none (use another price source). */
  getTokenPrices: method<Fetched<{ prices: TokenPriceView[] }>>()(GetTokenPricesRequestSchema),
  /** The service's clock against this machine's (its Clock operation); NotFound where it has none. */
  getServiceClock: method<ServiceClock>()(NoArgsSchema),
  /** `src`: a path on the page's own origin (`/logos/<name>`) serving the stored image. */
  getLogo: method<{ src: string }>()(LogoArgsSchema),

  /** One market's recorded history over a range, with the figures beside its charts (active profile). */
  getMarketHistory: method<MarketHistory>()(MarketHistoryArgsSchema),
  /** 2–4 markets' histories, to compare on one chart. */
  getMarketHistories: method<MarketHistory[]>()(MarketHistoriesArgsSchema),
  /** The 7-day change and 30-day mean of each market (the markets table's columns). */
  getMarketSummaries: method<Record<string, MarketSummary>>()(MarketSummariesArgsSchema),
  getMarketRecorder: method<RecorderState>()(NoArgsSchema),
  setMarketRecorder: method<RecorderState>()(RecorderSettingsSchema),
  /** A full snapshot of every market now (Settings' "Record now"). */
  recordMarketsNow: method<RecorderState>()(NoArgsSchema),
  /** Wallets whose positions the recorder looks up at every snapshot (active profile). */
  listWalletSets: method<WalletSet[]>()(NoArgsSchema),
  saveWalletSet: method<WalletSet>()(WalletSetArgsSchema),
  removeWalletSet: method<{ removed: boolean }>()(WalletSetIdArgsSchema),
  /** A saved set's total value at each snapshot. */
  getPositionHistory: method<PositionHistory>()(WalletSetIdArgsSchema),
} satisfies Record<BridgeMethodName, { args: z.ZodType }>

type Table = typeof BRIDGE
export type BridgeArgs<M extends BridgeMethodName> = z.input<Table[M]['args']>
export type BridgeParsedArgs<M extends BridgeMethodName> = z.output<Table[M]['args']>
export type BridgeResult<M extends BridgeMethodName> = NonNullable<Table[M]['result']>

/**
 * How a caller gives up on a call: when `signal` aborts, the call resolves at once to a
 * failure of kind `Aborted` and the work behind it (in main, at the service) is abandoned.
 */
export interface BridgeCallOptions {
  signal?: AbortSignal
}

/** What the renderer calls: the HTTP bridge client (host), or `window.svc` wrapped with cancelling (Electron). */
export type SvcBridge = {
  [M in BridgeMethodName]: (args: BridgeArgs<M>, opts?: BridgeCallOptions) => Promise<Result<BridgeResult<M>>>
} & {
  /** Receives every bridge event; returns the unsubscribe function. */
  subscribe(listener: (event: BridgeEvent) => void): () => void
}

/**
 * What Electron's preload exposes as `window.svc`: an AbortSignal cannot cross into it, so
 * each call may carry a call id (see `CANCEL_CHANNEL`) and `cancel` gives that call up.
 */
export type PreloadSvc = {
  [M in BridgeMethodName]: (args: BridgeArgs<M>, callId?: string) => Promise<Result<BridgeResult<M>>>
} & {
  cancel(callId: string): void
  subscribe(listener: (event: BridgeEvent) => void): () => void
}

export { abortedResult } from './errors'

/** Events pushed from main to the renderer. */
export type BridgeEvent = { type: 'appInfo'; info: AppInfo } | WatchEvent | QueryWatchEvent
