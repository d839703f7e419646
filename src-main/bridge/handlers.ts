import { BRIDGE, abortedResult, type BridgeCallOptions, type BridgeParsedArgs, type BridgeResult } from '../../src-shared/contract/bridge'
import { BRIDGE_METHOD_NAMES, SERVICE_METHOD_NAMES, type BridgeMethodName } from '../../src-shared/contract/channels'
import { SvcFailure, fail, isSvcFailure, ok, type Result } from '../../src-shared/contract/errors'
import { decodeWith } from '../../src-shared/contract/service'
import type { Fetched } from '../../src-shared/contract/app'
import type { CallOptions, ServiceSession } from '../service/client'
import type { Core } from './core'
import { serviceClockOf, tokenPricesOf } from '../service/capabilities'

/** `signal`: the caller gave the call up (a closed connection, a cancel over IPC); the service request is abandoned. */
export type BridgeHandler<M extends BridgeMethodName> = (rawArgs: unknown, opts?: BridgeCallOptions) => Promise<Result<BridgeResult<M>>>
export type BridgeHandlers = { [M in BridgeMethodName]: BridgeHandler<M> }

/**
 * Calls that a caller may give up: the service reads. A commit, once sent, runs to its
 * end (whether the service took it must be known), and calls that change the app's own
 * state are quick and must not half-happen.
 */
const CANCELLABLE: ReadonlySet<BridgeMethodName> = new Set(SERVICE_METHOD_NAMES.filter((n) => n !== 'commitIntent'))

type Impl<M extends BridgeMethodName> = (args: BridgeParsedArgs<M>, signal?: AbortSignal) => Promise<BridgeResult<M>> | BridgeResult<M>
type Impls = { [M in BridgeMethodName]: Impl<M> }

/**
 * The handlers both transports (Electron IPC and the browser host) serve. Arguments are
 * untrusted: each is parsed with the method's schema before anything runs, and every
 * failure comes back as `{ ok: false, error }`, never as a rejection. A call given up
 * (`signal`) passes its signal to the service client and answers `Aborted`.
 */
export function createBridgeHandlers(core: Core): BridgeHandlers {
  /** A service call on the active profile, stamped once its answer is in with where and when it was fetched. */
  const fetched = async <T>(signal: AbortSignal | undefined, run: (session: ServiceSession, opts: CallOptions) => Promise<T>): Promise<Fetched<T>> => {
    const session = core.session()
    return { data: await run(session, { signal }), source: session.source() }
  }

  // A core without the query watcher or the market recorder (the command line's) answers NotFound.
  const onlyInApp = <T>(part: T | undefined, what: string): T => {
    if (part === undefined) throw new SvcFailure({ kind: 'NotFound', message: `${what} only by the app, not in this mode.` })
    return part
  }
  const queries = () => onlyInApp(core.queryWatches, 'Watched filters are kept')
  const recorder = () => onlyInApp(core.marketHistory, 'Market history is recorded')

  const impls: Impls = {
    getIntent: (a, signal) => fetched(signal, (s, o) => s.client.getIntent(a, o).then((r) => r.intent)),
    searchIntents: (a, signal) => fetched(signal, (s, o) => s.client.searchIntents(a, o)),
    getIntentHistory: (a, signal) => fetched(signal, (s, o) => s.client.getIntentHistory(a, o)),
    getIntentReceipt: (a, signal) => fetched(signal, (s, o) => s.client.getIntentReceipt(a, o).then((r) => r.intentReceipt)),
    quoteIntent: (a, signal) => fetched(signal, (s, o) => s.client.quoteIntent(a, o)),
    commitIntent: ({ pastedText, ...request }) => fetched(undefined, (s) => s.client.commitIntent(request, { pastedText })),
    getChains: (a, signal) => fetched(signal, (s, o) => s.client.getChains(a, o)),
    yieldGetMarkets: async (a, signal) => {
      const answer = await fetched(signal, (s, o) => s.client.yieldGetMarkets(a, o))
      // Every page a view fetches counts as a snapshot of its markets.
      core.marketHistory?.recordPage(answer.source.profileId, answer.data.items, answer.source.fetchedAt)
      return answer
    },
    yieldGetAggregateBalances: (a, signal) => fetched(signal, (s, o) => s.client.yieldGetAggregateBalances(a, o)),
    getEarnPools: (a, signal) => fetched(signal, (s, o) => s.client.getEarnPools(a, o)),

    watchIntent: (a) => core.watches.watch(core.activeProfileId(), a.intentId, { muted: a.muted }),
    unwatchIntent: (a) => ({ removed: core.watches.unwatch(core.activeProfileId(), a.intentId), revision: core.watches.revision() }),
    listWatches: () => core.watches.list(core.activeProfileId()),
    clearFinishedWatches: () => ({ removed: core.watches.clearFinished(core.activeProfileId()), revision: core.watches.revision() }),
    setWatchMuted: (a) => core.watches.setMuted(core.activeProfileId(), a.intentId, a.muted),
    setNotificationsMuted: (a) => ({ muted: core.watches.setNotificationsMuted(a.muted), revision: core.watches.revision() }),
    setWatchingPaused: (a) => ({ paused: core.watches.setPaused(a.paused), revision: core.watches.revision() }),

    listQueryWatches: () => queries().list(core.activeProfileId()),
    addQueryWatch: (a) => queries().add(core.activeProfileId(), a),
    removeQueryWatch: (a) => ({ removed: queries().remove(core.activeProfileId(), a.id), revision: queries().revision() }),
    setQueryWatchPaused: (a) => queries().setPaused(core.activeProfileId(), a.id, a.paused),
    markQueryWatchSeen: (a) => queries().markSeen(core.activeProfileId(), a.id),
    pollQueryWatchNow: (a) => queries().pollNow(core.activeProfileId(), a.id),

    getAppInfo: () => core.appInfo(),
    saveProfile: (a) => core.saveProfile(a),
    removeProfile: (a) => core.removeProfile(a.id),
    setActiveProfile: (a) => core.setActiveProfile(a.id),
    setAccessKey: (a) => core.setAccessKey(a.profileId, a.key, a.allowPlainText ?? false),
    clearAccessKey: (a) => core.clearAccessKey(a.profileId),
    testConnection: (a) => core.testConnection(a.profileId),
    getCapabilities: (a) => core.capabilities(core.activeProfileId(), a.refresh ?? false),
    getTokenPrices: (a, signal) => fetched(signal, (s, o) => tokenPricesOf(s.client, a, o)),
    getServiceClock: (_a, signal) => serviceClockOf(core.session().client, { signal }),
    getLogo: (a) => core.logo(a.url),
    getMarketHistory: (a) => recorder().history(core.activeProfileId(), a.marketId, a.range, a.points),
    getMarketHistories: (a) => a.marketIds.map((id) => recorder().history(core.activeProfileId(), id, a.range)),
    getMarketSummaries: (a) => recorder().summaries(core.activeProfileId(), a.marketIds),
    getMarketRecorder: () => recorder().state(core.activeProfileId()),
    setMarketRecorder: (a) => recorder().setSettings(a),
    recordMarketsNow: () => recorder().snapshotNow(core.activeProfileId()),
    listWalletSets: () => recorder().positionsOf(core.activeProfileId()).list(),
    saveWalletSet: (a) => recorder().positionsOf(core.activeProfileId()).save(a.name, a.queries, Date.now()),
    removeWalletSet: (a) => ({ removed: recorder().positionsOf(core.activeProfileId()).remove(a.id) }),
    getPositionHistory: (a) => recorder().positionHistory(core.activeProfileId(), a.id),
  }

  const handlers = {} as Record<BridgeMethodName, BridgeHandler<BridgeMethodName>>
  for (const name of BRIDGE_METHOD_NAMES) {
    const impl = impls[name] as Impl<BridgeMethodName>
    // Every answer and every failure leaves main here: each is scrubbed of every key in use.
    handlers[name] = async (rawArgs, opts) => core.redact(await run(name, impl, rawArgs, CANCELLABLE.has(name) ? opts?.signal : undefined))
  }
  return handlers as BridgeHandlers
}

async function run(
  name: BridgeMethodName,
  impl: Impl<BridgeMethodName>,
  rawArgs: unknown,
  signal: AbortSignal | undefined,
): Promise<Result<BridgeResult<BridgeMethodName>>> {
  const parsed = decodeWith(BRIDGE[name].args, rawArgs)
  if (!parsed.ok) {
    const { path, message } = parsed
    return fail({ kind: 'InvalidArgument', operation: name, path: path || undefined, message: path ? `${path}: ${message}` : message })
  }
  if (signal?.aborted) return abortedResult(name)
  try {
    const value = await impl(parsed.value as BridgeParsedArgs<BridgeMethodName>, signal)
    return signal?.aborted ? abortedResult(name) : ok(value)
  } catch (e) {
    if (isSvcFailure(e)) return fail({ operation: name, ...e.error })
    console.error(`bridge ${name} failed:`, e)
    return fail({
      kind: 'Internal',
      operation: name,
      message: `Something went wrong in the app while running ${name}. The details are in the app's log.`,
    })
  }
}
