import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { z } from 'zod'
import {
  DEFAULT_HISTORY_POINTS,
  RECORDER_LIMITS,
  type HistoryRange,
  type MarketHistory,
  type MarketSummary,
  type PositionHistory,
  type RecorderSettings,
  type RecorderState,
} from '../../src-shared/contract/marketHistory'
import { snapshotTotalUsd } from '../../src-shared/contract/amount'
import { messageOf } from '../../src-shared/contract/errors'
import type { YieldMarket } from '../../src-shared/contract/service'
import type { ServiceSession } from '../service/client'
import { readJsonFile, writeJsonAtomic } from '../settings/jsonFile'
import { observeAll } from './observe'
import { RANGE_MS, inRange, thin, timeline, withGaps } from './series'
import { marketStats } from './stats'
import { MarketHistoryStore } from './store'
import { PositionStore } from './positions'
import { after } from '../service/timer'

export interface MarketRecorderOptions {
  /** `<data dir>/market-history`: a folder per profile, and `settings.json`. */
  dir: string
  session: (profileId: string) => ServiceSession
  activeProfileId: () => string
  now?: () => number
  log?: (message: string) => void
  /** Wait after start-up before an overdue snapshot (default 20 s), so it does not slow the start. */
  startDelayMs?: number
  /** Applied to the service's text (market ids) before it is written to disk (the app's key redactor). */
  redact?: <T>(value: T) => T
}

const SettingsFileSchema = z.object({ version: z.literal(1), intervalMinutes: z.number().int().nullable() })

/** Pages of 200, up to 10,000 markets; `nameAsc` keeps pages stable while rates move. */
const PAGE = 200
const MAX_PAGES = 50
const PRUNE_EVERY_MS = 3_600_000

/** A profile's folder: its id when it is a plain name, else a hash of it. */
const folderOf = (profileId: string): string =>
  /^[A-Za-z0-9_-]{1,64}$/.test(profileId) ? profileId : `p-${createHash('sha256').update(profileId).digest('hex').slice(0, 24)}`

/** Every market the profile lists, page by page, in name order. */
export async function readAllMarkets(session: ServiceSession): Promise<YieldMarket[]> {
  const out: YieldMarket[] = []
  for (let page = 0; page < MAX_PAGES; page++) {
    const r = await session.client.yieldGetMarkets({ sort: 'nameAsc', limit: PAGE, offset: page * PAGE })
    out.push(...r.items)
    if (r.items.length < PAGE || (r.total !== undefined && out.length >= r.total)) break
  }
  return out
}

function loadSettings(file: string, log: (m: string) => void): RecorderSettings {
  const fallback = { intervalMinutes: RECORDER_LIMITS.defaultIntervalMinutes }
  try {
    const read = readJsonFile(file, SettingsFileSchema)
    return read.state === 'ok' ? { intervalMinutes: read.data.intervalMinutes } : fallback
  } catch (e) {
    log(`The market recorder's settings could not be read; recording every ${fallback.intervalMinutes} minutes. (${String(e)})`)
    return fallback
  }
}

interface ProfileStatus {
  lastSnapshotAt: number | null
  lastError?: string
  markets: number
}

/** Records every market of the active profile at an interval (and every page a view fetches); see README.md. */
export class MarketRecorder {
  private readonly now: () => number
  private readonly log: (m: string) => void
  private readonly settingsFile: string
  private current: RecorderSettings
  private readonly stores = new Map<string, MarketHistoryStore>()
  private readonly status = new Map<string, ProfileStatus>()
  private cancel: (() => void) | null = null
  private nextAt: number | null = null
  private lastPrune = 0
  private stopped = false
  private readonly summaryCache = new Map<string, { version: string; summary: MarketSummary }>()
  private readonly positionErrors = new Map<string, string>()

  constructor(private readonly opts: MarketRecorderOptions) {
    this.now = opts.now ?? Date.now
    this.log = opts.log ?? ((m: string) => console.warn(m))
    this.settingsFile = join(opts.dir, 'settings.json')
    this.current = loadSettings(this.settingsFile, this.log)
    this.schedule(this.firstDelay())
  }

  private storeOf(profileId: string): MarketHistoryStore {
    let s = this.stores.get(profileId)
    if (!s) this.stores.set(profileId, (s = new MarketHistoryStore(join(this.opts.dir, folderOf(profileId)), this.opts.redact)))
    return s
  }

  private intervalMs(): number {
    return (this.current.intervalMinutes ?? RECORDER_LIMITS.defaultIntervalMinutes) * 60_000
  }

  private statusOf(profileId: string): ProfileStatus {
    let s = this.status.get(profileId)
    if (!s) {
      const store = this.storeOf(profileId)
      s = { lastSnapshotAt: store.snapshotLog().at(-1)?.t ?? null, markets: store.marketIds().length }
      this.status.set(profileId, s)
    }
    return s
  }

  setSettings(next: RecorderSettings): RecorderState {
    this.current = { intervalMinutes: next.intervalMinutes }
    writeJsonAtomic(this.settingsFile, { version: 1, ...this.current })
    this.schedule(this.firstDelay())
    return this.state(this.opts.activeProfileId())
  }

  state(profileId: string): RecorderState {
    const s = this.statusOf(profileId)
    return {
      profileId,
      intervalMinutes: this.current.intervalMinutes,
      lastSnapshotAt: s.lastSnapshotAt,
      nextSnapshotAt: profileId === this.opts.activeProfileId() ? this.nextAt : null,
      markets: s.markets,
      bytesOnDisk: this.storeOf(profileId).bytes(),
      lastError: s.lastError,
    }
  }

  /** A page of markets a view fetched: recorded like a snapshot of those markets. */
  recordPage(profileId: string, markets: readonly YieldMarket[], at: number): void {
    if (markets.length === 0) return
    try {
      this.storeOf(profileId).record(observeAll(markets, at), at, { full: false, intervalMs: this.intervalMs() })
    } catch (e) {
      this.log(`Markets a view fetched could not be recorded: ${String(e)}`)
    }
  }

  /** A full snapshot of the profile's markets now. */
  async snapshotNow(profileId: string): Promise<RecorderState> {
    const s = this.statusOf(profileId)
    try {
      const markets = await readAllMarkets(this.opts.session(profileId))
      const at = this.now()
      const store = this.storeOf(profileId)
      store.record(observeAll(markets, at), at, { full: true, intervalMs: this.intervalMs() })
      this.pruneIfDue(store, at)
      await this.recordPositions(profileId, at)
      // As recorded: to the second.
      s.lastSnapshotAt = Math.floor(at / 1000) * 1000
      s.markets = store.marketIds().length
      s.lastError = undefined
    } catch (e) {
      s.lastError = messageOf(e)
      this.log(`Market snapshot for profile ${profileId} failed: ${s.lastError}`)
    }
    return this.state(profileId)
  }

  history(profileId: string, marketId: string, range: HistoryRange, points?: number): MarketHistory {
    return historyOf(this.storeOf(profileId), marketId, range, this.now(), points)
  }

  summaries(profileId: string, marketIds: readonly string[]): Record<string, MarketSummary> {
    const store = this.storeOf(profileId)
    const at = this.now()
    return Object.fromEntries(
      marketIds.map((id) => {
        // Kept until the market's record or the snapshot log changes (or an hour passes: the 30 days move on).
        const key = `${profileId}\n${id}`
        const version = `${store.version(id)}:${Math.floor(at / 3_600_000)}`
        const hit = this.summaryCache.get(key)
        if (hit?.version === version) return [id, hit.summary]
        const stats = marketStats(present(observationsOf(store, id, at - STATS_WINDOW_MS)))
        const summary: MarketSummary = { change7d: stats.change7d, mean30d: stats.mean30d, lastAt: stats.present?.t ?? null }
        this.summaryCache.set(key, { version, summary })
        return [id, summary]
      }),
    )
  }

  /** The profile's saved wallet sets, whose positions are recorded at every snapshot, and their totals. */
  positionsOf(profileId: string): PositionStore {
    return new PositionStore(join(this.opts.dir, folderOf(profileId)))
  }

  /** Each saved wallet set's total value now; a failed lookup is kept as the set's last error and the rest go on. */
  private async recordPositions(profileId: string, at: number): Promise<void> {
    const positions = this.positionsOf(profileId)
    for (const set of positions.list()) {
      try {
        const { items } = await this.opts.session(profileId).client.yieldGetAggregateBalances({ queries: set.queries })
        const usd = snapshotTotalUsd(items)
        if (usd !== undefined) positions.append(set.id, at, usd)
        this.positionErrors.delete(set.id)
      } catch (e) {
        this.positionErrors.set(set.id, messageOf(e))
      }
    }
  }

  positionHistory(profileId: string, id: string): PositionHistory {
    return { setId: id, points: this.positionsOf(profileId).history(id, this.intervalMs()), lastError: this.positionErrors.get(id) }
  }

  stop(): void {
    this.stopped = true
    this.cancel?.()
    this.cancel = null
  }

  private pruneIfDue(store: MarketHistoryStore, at: number): void {
    if (at - this.lastPrune < PRUNE_EVERY_MS) return
    this.lastPrune = at
    store.prune(at - RECORDER_LIMITS.retentionDays * 86_400_000, RECORDER_LIMITS.maxBytes)
  }

  private firstDelay(): number {
    const last = this.statusOf(this.opts.activeProfileId()).lastSnapshotAt
    const due = last === null ? 0 : last + this.intervalMs() - this.now()
    return Math.max(this.opts.startDelayMs ?? 20_000, due)
  }

  private schedule(delayMs: number): void {
    this.cancel?.()
    this.cancel = null
    this.nextAt = null
    if (this.stopped || this.current.intervalMinutes === null) return
    this.nextAt = this.now() + delayMs
    this.cancel = after(delayMs, () => {
      this.cancel = null
      void this.snapshotNow(this.opts.activeProfileId()).finally(() => this.schedule(this.intervalMs()))
    })
  }
}

/** What the figures read: 30 days before the present, and the present's own day of slack. */
const STATS_WINDOW_MS = 31 * 86_400_000

/** The market's observations from `from` on (the record before it carried in), without reading the rest of its file. */
function observationsOf(store: MarketHistoryStore, marketId: string, from: number) {
  return timeline(store.readMarket(marketId, from), store.snapshotsFrom(from))
}

const present = (line: ReturnType<typeof timeline>) => line.flatMap((l) => (l.obs ? [l.obs] : []))

/** One market's history over a range: the points (thinned past `points`) and the figures. */
export function historyOf(store: MarketHistoryStore, marketId: string, range: HistoryRange, now: number, points = DEFAULT_HISTORY_POINTS): MarketHistory {
  const from = Math.max(0, now - Math.max(RANGE_MS[range], STATS_WINDOW_MS))
  const line = observationsOf(store, marketId, Number.isFinite(from) ? from : 0)
  const observations = present(line)
  const thinned = thin(inRange(withGaps(line), range, now), points)
  return {
    marketId,
    points: thinned.points,
    thinnedToMinutes: thinned.minutes,
    stats: marketStats(observations),
    firstAt: store.firstRecordAt(marketId),
    lastAt: observations.at(-1)?.t ?? null,
  }
}
