/**
 * One simulator instance's state and the test controls over it (shared by the admin
 * HTTP surface and the in-process handle): create an intent in a given state, advance
 * it, move the clock, set faults, reset to the seeded dataset.
 */
import { EDGE_MODES, chainById, type EdgeMode } from './chains'
import { SimClock } from './clock'
import type { ResponseShape, SimContext } from './context'
import { earnPools } from './earnPools'
import { intentNotFound, invalidArgument } from './errors'
import { Faults } from './faults'
import { generateDataset } from './generate'
import { appendRecord, buildRecord, drawParams, randomAddress, type IntentParams } from './intentFactory'
import { simWire, type SimWire } from './dialect'
import { JsonCache } from './jsonCache'
import { Lifecycle } from './lifecycle'
import { buildCatalog } from './markets'
import { settle, type MachineEnv } from './machine'
import { OPERATION_NAMES } from './ops'
import { INTENT_STATUSES, type IntentRecord, type IntentStatus } from './records'
import { tokenByAddress, tokenBySymbol, type TokenDef } from './tokens'

/** About 25 MB of serialised history entries and receipt answers. */
const RECORD_JSON_ENTRIES = 5000

export interface SimulationOptions {
  seed: number
  intents: number
  startAt: number
  waitTimeoutMs: number
  commitWindowMs: number
  shape: ResponseShape
  /** The wire form served; the spec's when absent. */
  wire?: SimWire
  /** Answer the operations beyond the spec (Ping, Clock, GetTokenPrices, …). Default true. */
  extras?: boolean
}

export interface CreateIntentOptions {
  /** Default EXECUTING. */
  status?: IntentStatus
  ownerAddress?: string
  projectId?: number
  originChainId?: number
  destinationChainId?: number
  /** Token symbol (`USDC`) or address on the chain. */
  originToken?: string
  destinationToken?: string
  originTokenAmount?: bigint
  edgeMode?: EdgeMode | null
  statusReason?: string
  /** Let the intent move on by itself (scripted execution, commit window); default false. */
  auto?: boolean
}

export interface AdvanceOptions {
  /** Jump straight to this status; without it, take the intent's next step. */
  to?: IntentStatus
  statusReason?: string
  auto?: boolean
}

function resolveToken(chainId: number | undefined, ref: string | undefined, field: string): TokenDef | undefined {
  if (ref === undefined) return undefined
  if (chainId === undefined) throw invalidArgument(`${field} needs its chain id too`, field)
  const t = tokenBySymbol(chainId, ref) ?? tokenByAddress(chainId, ref)
  if (!t) throw invalidArgument(`${field} ${ref} is not a token on chain ${chainId}`, field)
  return t
}

function checkChain(id: number | undefined, field: string): void {
  if (id !== undefined && !chainById(id)) throw invalidArgument(`${field} ${id} is not a supported chain`, field)
}

export class Simulation {
  readonly ctx: SimContext
  readonly faults: Faults

  constructor(readonly options: SimulationOptions) {
    const markets = buildCatalog(options.seed)
    this.faults = new Faults(options.seed, OPERATION_NAMES)
    this.ctx = {
      seed: options.seed,
      markets,
      earnPools: earnPools(markets),
      shape: options.shape,
      wire: options.wire ?? simWire(),
      waitTimeoutMs: options.waitTimeoutMs,
      extras: options.extras ?? true,
      earnPoolsFetchedAt: new Map(),
      ...this.freshState(),
    }
  }

  private freshState() {
    const o = this.options
    const dataset = generateDataset({ seed: o.seed, intents: o.intents, startAt: o.startAt, commitWindowMs: o.commitWindowMs })
    const env: MachineEnv = { dataset, commitWindowMs: o.commitWindowMs }
    const clock = new SimClock(o.startAt)
    return { dataset, env, clock, lifecycle: new Lifecycle(env, clock), recordJson: new JsonCache(RECORD_JSON_ENTRIES) }
  }

  /** Back to the seeded dataset, the initial clock and no faults. */
  reset(): void {
    this.ctx.lifecycle.stop()
    Object.assign(this.ctx, this.freshState())
    this.ctx.earnPoolsFetchedAt.clear()
    this.faults.set('')
  }

  intent(intentId: string): IntentRecord {
    const r = this.ctx.dataset.get(intentId)
    if (!r) throw intentNotFound(intentId)
    return r
  }

  createIntent(o: CreateIntentOptions = {}): IntentRecord {
    const { ctx } = this
    const status = o.status ?? 'EXECUTING'
    if (!INTENT_STATUSES.includes(status)) throw invalidArgument(`status must be one of ${INTENT_STATUSES.join(', ')}`, 'status')
    if (o.edgeMode && !EDGE_MODES.includes(o.edgeMode)) throw invalidArgument(`edgeMode must be one of ${EDGE_MODES.join(', ')}`, 'edgeMode')
    checkChain(o.originChainId, 'originChainId')
    checkChain(o.destinationChainId, 'destinationChainId')
    const testnet = o.originChainId !== undefined && chainById(o.originChainId)!.isTestnet
    const pinned: Partial<IntentParams> = {
      projectId: o.projectId,
      originChainId: o.originChainId,
      destinationChainId: o.destinationChainId,
      originToken: resolveToken(o.originChainId, o.originToken, 'originToken'),
      destinationToken: resolveToken(o.destinationChainId, o.destinationToken, 'destinationToken'),
      originAmount: o.originTokenAmount,
      edgeMode: o.edgeMode,
    }

    const r = appendRecord(ctx.dataset, ctx.seed, ctx.clock.now(), (rng, idx, createdAt) => {
      const owner = o.ownerAddress?.toLowerCase() ?? randomAddress(rng)
      return buildRecord(rng, idx, createdAt, drawParams(rng, owner, pinned, testnet), ctx.env.commitWindowMs)
    })
    r.held = !o.auto
    if (status !== 'QUOTED') settle(ctx.env, r, status, ctx.clock.now(), o.statusReason ?? null)
    ctx.lifecycle.changed(r)
    return r
  }

  advance(intentId: string, o: AdvanceOptions = {}): IntentRecord {
    if (o.to !== undefined && !INTENT_STATUSES.includes(o.to)) throw invalidArgument(`to must be one of ${INTENT_STATUSES.join(', ')}`, 'to')
    const r = this.intent(intentId)
    this.ctx.lifecycle.advance(r, o.to ?? null, o.statusReason ?? null, o.auto === true)
    return r
  }

  /** Throws FaultSpecError for an invalid spec, leaving the current faults in place. */
  setFaults(spec: string): void {
    this.faults.set(spec)
  }

  stop(): void {
    this.ctx.lifecycle.stop()
  }
}
