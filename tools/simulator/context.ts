/**
 * What every operation handler gets: the live state of one simulator instance.
 */
import type { Args } from './args'
import type { SimClock } from './clock'
import type { Dataset } from './dataset'
import type { EarnPoolEntry } from './earnPools'
import type { JsonCache } from './jsonCache'
import type { Lifecycle } from './lifecycle'
import type { MachineEnv } from './machine'
import type { MarketCatalog } from './markets'
import type { SimWire } from './dialect'

export type ResponseShape = 'spec' | 'payload'

export interface SimContext {
  seed: number
  dataset: Dataset
  env: MachineEnv
  clock: SimClock
  lifecycle: Lifecycle
  markets: MarketCatalog
  earnPools: readonly EarnPoolEntry[]
  shape: ResponseShape
  /** The wire form served: the spec's or a deployed service's. */
  wire: SimWire
  waitTimeoutMs: number
  /** Whether the operations beyond the spec are answered (a service without them answers WebrpcBadRoute). */
  extras: boolean
  /** Serialised per-record answers, history entries and receipts (see jsonCache.ts); renewed with the dataset. */
  recordJson: JsonCache
  /** GetEarnPools: when each distinct request was last computed (simulated ms). */
  earnPoolsFetchedAt: Map<string, number>
}

export interface OpRequest {
  ctx: SimContext
  args: Args
  /** Aborts when the client goes away or the server stops: long-polls must give up. */
  signal: AbortSignal
}

export type OpHandler = (req: OpRequest) => unknown | Promise<unknown>
