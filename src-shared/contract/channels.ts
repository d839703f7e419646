/**
 * The bridge's method and event names, free of any dependency so the sandboxed preload
 * can import them without bundling the schemas. `bridge.ts` binds a schema to each
 * name and fails to compile if the two lists drift apart.
 */
/** Methods that call the service: their answers tell whether it is reachable. */
export const SERVICE_METHOD_NAMES = [
  'getIntent',
  'searchIntents',
  'getIntentHistory',
  'getIntentReceipt',
  'quoteIntent',
  'commitIntent',
  'getChains',
  'yieldGetMarkets',
  'yieldGetAggregateBalances',
  'getEarnPools',
] as const

export const BRIDGE_METHOD_NAMES = [
  ...SERVICE_METHOD_NAMES,
  // live watching
  'watchIntent',
  'unwatchIntent',
  'listWatches',
  'clearFinishedWatches',
  'setWatchMuted',
  'setNotificationsMuted',
  'setWatchingPaused',
  // watched queries (History filters polled by main)
  'listQueryWatches',
  'addQueryWatch',
  'removeQueryWatch',
  'setQueryWatchPaused',
  'markQueryWatchSeen',
  'pollQueryWatchNow',
  // settings and profiles
  'getAppInfo',
  'saveProfile',
  'removeProfile',
  'setActiveProfile',
  'setAccessKey',
  'clearAccessKey',
  'testConnection',
  // what the profile's service offers beyond the spec, and what the app uses of it
  'getCapabilities',
  'getTokenPrices',
  'getServiceClock',
  // images the service names, fetched and kept by main
  'getLogo',
  // market history, recorded by main (the service keeps none)
  'getMarketHistory',
  'getMarketHistories',
  'getMarketSummaries',
  'getMarketRecorder',
  'setMarketRecorder',
  'recordMarketsNow',
  'listWalletSets',
  'saveWalletSet',
  'removeWalletSet',
  'getPositionHistory',
] as const

export type BridgeMethodName = (typeof BRIDGE_METHOD_NAMES)[number]

export const isBridgeMethodName = (name: string): name is BridgeMethodName =>
  (BRIDGE_METHOD_NAMES as readonly string[]).includes(name)

/** IPC channel of one method; the renderer never names channels itself. */
export const ipcChannel = (method: BridgeMethodName): string => `svc:${method}`

/**
 * Cancelling a call in flight over IPC: the page tags each call with an id of its own
 * (sent after the arguments on the method's channel) and sends that id here when it no
 * longer wants the answer. Main aborts the call's work, down to the service request.
 */
export const CANCEL_CHANNEL = 'svc:cancel'

/** A call id as the page makes them (`c` + a counter); anything else is refused. */
export const isCallId = (id: unknown): id is string => typeof id === 'string' && /^c[0-9]{1,15}$/.test(id)

/** The single IPC channel main uses to push typed events to the window. */
export const EVENT_CHANNEL = 'svc:event'
