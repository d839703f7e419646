import { knownStatus, type IntentHistoryEntry, type IntentStatus } from '../../src-shared/contract/service'
import { SIMULATOR_PROFILE_ID } from '../../src-main/settings/profiles'
import { Resources, within } from './benchmark'
import { launchChromium, type Browser } from './chromium'
import { startHarnessServer } from './harnessServer'
import { startHistorySource, type HistorySource } from './historyData'

/** One intent's keys as a person would look it up: drawn from the cached data itself. */
export interface IntentSample {
  intentId: string
  txHash?: string
  owner?: string
  originChainId?: number
  createdAt: number
  status?: IntentStatus
  symbol?: string
  provider?: string
}

export interface CachedProfile {
  /** Chromium profile whose IndexedDB holds the cache (for the app's built-in Simulator profile). */
  userDataDir: string
  /** IndexedDB belongs to an origin: whoever reads this cache must listen on this port. */
  port: number
  intents: number
  /** Every 50th cached intent. */
  samples: IntentSample[]
}

const SAMPLE_EVERY = 50
/** Pages requested ahead of the browser, so the simulator, the client and the browser work at once. */
const READ_AHEAD = 3

function sampleOf(e: IntentHistoryEntry): IntentSample | undefined {
  const r = e.receipt
  if (!e.intentId || !e.createdAt) return undefined
  return {
    intentId: e.intentId,
    txHash: r?.depositTransaction?.txnHash ?? r?.originTransaction?.txnHash,
    owner: r?.ownerAddress ?? r?.summary?.ownerAddress,
    originChainId: r?.originChainId,
    createdAt: Date.parse(e.createdAt),
    status: knownStatus(e.status),
    symbol: r?.summary?.originTokenMetadata?.symbol,
    provider: r?.summary?.routeProviders?.find((p): p is string => typeof p === 'string' && p !== 'AUTO'),
  }
}

/** Serves pages in order, fetching a few ahead; samples intents as they pass. */
function readAhead(source: HistorySource, samples: IntentSample[]): (index: number) => Promise<IntentHistoryEntry[]> {
  const pending = new Map<number, Promise<IntentHistoryEntry[]>>()
  const fetch = (index: number) => {
    const p = source.page(index).then((entries) => {
      entries.forEach((e, i) => {
        const s = (index * entries.length + i) % SAMPLE_EVERY === 0 ? sampleOf(e) : undefined
        if (s) samples.push(s)
      })
      return entries
    })
    // A page fetched ahead may fail before anyone awaits it; the request for it reports the failure.
    p.catch(() => undefined)
    return p
  }
  return (index) => {
    for (let k = index; k <= Math.min(index + READ_AHEAD, source.pages - 1); k++) if (!pending.has(k)) pending.set(k, fetch(k))
    const page = pending.get(index)!
    pending.delete(index)
    return page
  }
}

/**
 * Fills a Chromium profile with `intents` cached history entries (full receipts, from the
 * simulator), written by the harness page through the app's own `cacheHistoryPage` at a
 * loopback origin whose port is kept, and switches the app there to "work offline".
 */
export async function buildCachedProfile(o: { intents: number; userDataDir: string; log(m: string): void }): Promise<CachedProfile> {
  const res = new Resources()
  try {
    o.log(`cache: generating ${o.intents} intents and caching them through the app's cache layer`)
    const source = res.add('the simulator', await startHistorySource(o.intents), (s) => s.stop())
    const samples: IntentSample[] = []
    const server = res.add('the harness server', await startHarnessServer({ pages: readAhead(source, samples) }), (s) => s.stop())
    const browser = res.add('Chromium', await launchChromium(o.userDataDir), (b) => b.close())
    const { page } = browser
    page.on('console', (m) => m.text().startsWith('populate:') && o.log(`cache: ${m.text().slice('populate: '.length)}`))
    await page.goto(`${server.origin}/`)
    await page.waitForFunction(() => 'bench' in window, undefined, { timeout: 30_000 })
    const args = { pages: source.pages, profileId: SIMULATOR_PROFILE_ID, baseUrl: 'http://127.0.0.1', offline: true }
    const count = await within(20 * 60_000, 'caching the intents', page.evaluate((a) => window.bench.populate(a), args))
    browser.checkPage()
    if (count !== o.intents) throw new Error(`cached ${count} intents, expected ${o.intents}`)
    return { userDataDir: o.userDataDir, port: server.port, intents: count, samples }
  } finally {
    await res.close()
  }
}

/** The harness page on the cached profile's origin, ready to ask; its server and browser are released with `res`. */
export async function openCachedHarness(profile: CachedProfile, res: Resources): Promise<Browser> {
  const server = res.add('the harness server', await startHarnessServer({ port: profile.port }), (s) => s.stop())
  const browser = res.add('Chromium', await launchChromium(profile.userDataDir), (b) => b.close())
  await browser.page.goto(`${server.origin}/`)
  await browser.page.waitForFunction(() => 'bench' in window, undefined, { timeout: 30_000 })
  return browser
}
