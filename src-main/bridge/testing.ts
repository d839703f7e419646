import type { BridgeArgs } from '../../src-shared/contract/bridge'
import type { BridgeMethodName } from '../../src-shared/contract/channels'
import type { Core } from './core'
import { EventHub } from '../events/hub'

/** Test helpers for the bridge: a well-formed call of every method, and a core that records what reaches it. */

const ID = `0x${'ab'.repeat(32)}`

/** A well-formed call of every method: tsc fails here when a method is added without one. */
export const VALID_ARGS: { [M in BridgeMethodName]: BridgeArgs<M> } = {
  getIntent: { intentId: ID },
  searchIntents: { byOwnerAddress: `0x${'1'.repeat(40)}`, byProjectId: 7 },
  getIntentHistory: { byStatuses: ['FAILED'], page: { pageSize: 20 }, fromTime: 1, includeBalances: true },
  getIntentReceipt: { intentId: ID },
  quoteIntent: {
    ownerAddress: `0x${'2'.repeat(40)}`,
    originChainId: 8453,
    originTokenAddress: `0x${'3'.repeat(40)}`,
    destinationChainId: 42161,
    destinationTokenAddress: `0x${'4'.repeat(40)}`,
    originTokenAmount: '1234567890123456789012',
  },
  commitIntent: { intent: { intentId: ID, originChainId: 1, salt: '99999999999999999999999' } },
  getChains: { routeProvider: 'AUTO' },
  yieldGetMarkets: { chainId: '8453', limit: 50, offset: 0, type: 'lending' },
  yieldGetAggregateBalances: { queries: [{ address: `0x${'5'.repeat(40)}`, network: 'base' }] },
  getEarnPools: { chainIds: [1], minTvl: 10 },
  watchIntent: { intentId: ID, muted: false },
  unwatchIntent: { intentId: ID },
  listWatches: {},
  clearFinishedWatches: undefined,
  setWatchMuted: { intentId: ID, muted: true },
  setNotificationsMuted: { muted: true },
  setWatchingPaused: { paused: true },
  listQueryWatches: undefined,
  addQueryWatch: { name: 'FAILED on project 42', query: { byProjectId: 42, byStatuses: ['FAILED'] }, historyParams: 'project=42&status=FAILED', intervalMs: 60_000 },
  removeQueryWatch: { id: 'q1' },
  setQueryWatchPaused: { id: 'q1', paused: true },
  markQueryWatchSeen: { id: 'q1' },
  pollQueryWatchNow: { id: 'q1' },
  getAppInfo: undefined,
  saveProfile: { name: 'Production', baseUrl: 'https://svc.example.com/' },
  removeProfile: { id: 'p1' },
  setActiveProfile: { id: 'p1' },
  setAccessKey: { profileId: 'p1', key: 'k-123', allowPlainText: false },
  clearAccessKey: { profileId: 'p1' },
  testConnection: { profileId: 'p1' },
  getLogo: { url: 'https://assets.example.com/eth.png' },
  getCapabilities: { refresh: true },
  getTokenPrices: { tokens: [{ chainId: 8453, contractAddress: `0x${'6'.repeat(40)}` }] },
  getServiceClock: {},
  getMarketHistory: { marketId: 'base-usdc-aave-v3-lending', range: '7d' },
  getMarketHistories: { marketIds: ['base-usdc-aave-v3-lending', 'base-usdc-morpho-gauntlet-vault'], range: 'all' },
  getMarketSummaries: { marketIds: ['base-usdc-aave-v3-lending'] },
  getMarketRecorder: undefined,
  setMarketRecorder: { intervalMinutes: 30 },
  recordMarketsNow: {},
  listWalletSets: undefined,
  saveWalletSet: { name: 'Treasury', queries: [{ address: `0x${'5'.repeat(40)}`, network: 'base' }] },
  removeWalletSet: { id: 'w1' },
  getPositionHistory: { id: 'w1' },
}

/** A core that records what reaches it and answers every call with something plausible. */
export function recordingCore() {
  const reached: Array<{ via: string; args: unknown[] }> = []
  const record =
    (via: string, answer: unknown = {}) =>
    (...args: unknown[]) => {
      reached.push({ via, args })
      return answer
    }
  const source = { profileId: 'p1', baseUrl: 'http://svc.test', simulated: false, fetchedAt: 1 }
  // The operations beyond the spec are read through `extra`; each answers its own shape.
  const extraAnswers: Record<string, unknown> = { Clock: { serverTime: new Date(0).toISOString() }, GetTokenPrices: { tokenPrices: [] } }
  const client = new Proxy(
    {},
    {
      get: (_t, name) =>
        name === 'baseUrl'
          ? source.baseUrl
          : async (...args: unknown[]) => (record(`client.${String(name)}`)(...args), name === 'extra' ? (extraAnswers[String(args[0])] ?? {}) : {}),
    },
  )
  const positions = new Proxy({}, { get: (_t, name) => record(`positions.${String(name)}`, name === 'remove' ? false : []) })
  const core = {
    events: new EventHub(),
    session: () => ({ client, source: () => source }),
    activeProfileId: () => 'p1',
    watches: new Proxy({}, { get: (_t, name) => record(`watches.${String(name)}`, name === 'setNotificationsMuted' ? true : 0) }),
    queryWatches: new Proxy({}, { get: (_t, name) => record(`queryWatches.${String(name)}`, name === 'remove' ? false : {}) }),
    appInfo: record('appInfo'),
    saveProfile: record('saveProfile'),
    removeProfile: record('removeProfile'),
    setActiveProfile: record('setActiveProfile'),
    setAccessKey: record('setAccessKey'),
    clearAccessKey: record('clearAccessKey'),
    testConnection: record('testConnection'),
    capabilities: record('capabilities'),
    logo: record('logo', { src: '/logos/x' }),
    // A profile's wallet sets are read on its PositionStore (`positionsOf`), which records its calls too.
    marketHistory: new Proxy({}, { get: (_t, name) => record(`marketHistory.${String(name)}`, name === 'positionsOf' ? positions : {}) }),
    redact: <T>(value: T) => value,
  } as unknown as Core
  return { core, reached }
}
