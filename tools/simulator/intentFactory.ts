/**
 * How a new intent's parameters are chosen, shared by the seeded generator, QuoteIntent
 * and the admin surface so all three produce intents of the same make.
 */
import { CHAINS, EDGE_MODES, chainById, type ChainDef, type EdgeMode } from './chains'
import type { Dataset } from './dataset'
import { AUTO, candidateProviders } from './providers'
import { NOT_YET, emptyLegTimes, emptyLegs, emptyTxHashes, type EdgeInfo, type IntentProtocol, type IntentRecord } from './records'
import { Rng, Weighted } from './rng'
import { EDGE_TOKENS, rawAmountForUsd, tokensOn, usdOf, type TokenDef } from './tokens'

/** Projects intents belong to, with their share of traffic. */
const PROJECTS: ReadonlyArray<readonly [number, number]> = [
  [1, 30],
  [7, 25],
  [42, 20],
  [314, 15],
  [1001, 10],
]
/** Project of intents quoted through the RPC surface. */
export const DEFAULT_PROJECT_ID = 1

const PROJECT_PICK = new Weighted(PROJECTS)

const chainPick = (chains: readonly ChainDef[]) => new Weighted(chains.map((c) => [c, c.weight] as const))
const MAINNET_PICK = chainPick(CHAINS.filter((c) => !c.isTestnet))
const TESTNET_PICK = chainPick(CHAINS.filter((c) => c.isTestnet))
const BRIDGING_MAINNET_PICK = chainPick(CHAINS.filter((c) => !c.isTestnet && c.supportsBridging))
const BRIDGING_TESTNET_PICK = chainPick(CHAINS.filter((c) => c.isTestnet && c.supportsBridging))

const SYMBOL_WEIGHTS: Record<string, number> = { USDC: 35, USDT: 12, WETH: 12, DAI: 6, WBTC: 5, ARB: 3, OP: 3 }
const tokenPicks = new Map<number, Weighted<TokenDef>>(
  CHAINS.map((c) => [c.id, new Weighted(tokensOn(c.id).map((t) => [t, t.isNative ? 25 : SYMBOL_WEIGHTS[t.symbol] ?? 3] as const))]),
)

export interface Route {
  originChainId: number
  destinationChainId: number
  originToken: TokenDef
  destinationToken: TokenDef
}

/** A plausible route: mostly cross-chain between bridging chains, sometimes a same-chain swap. */
function drawRoute(rng: Rng, testnet: boolean): Route {
  const crossChain = rng.chance(0.85)
  const pick = crossChain ? (testnet ? BRIDGING_TESTNET_PICK : BRIDGING_MAINNET_PICK) : testnet ? TESTNET_PICK : MAINNET_PICK
  const origin = pick.draw(rng)
  let destination = origin
  for (let tries = 0; crossChain && destination.id === origin.id && tries < 8; tries++) destination = pick.draw(rng)
  const originToken = tokenPicks.get(origin.id)!.draw(rng)
  const sameSymbol = tokensOn(destination.id).find((t) => t.symbol === originToken.symbol)
  const destinationToken =
    sameSymbol && (destination.id !== origin.id || rng.chance(0.1)) && rng.chance(0.6) ? sameSymbol : tokenPicks.get(destination.id)!.draw(rng)
  return { originChainId: origin.id, destinationChainId: destination.id, originToken, destinationToken }
}

export interface IntentParams extends Route {
  owner: string
  projectId: number
  /** Quoted origin amount (raw); the destination amount is derived from it. */
  originAmount: bigint
  destinationToAddress: string
  protocol: IntentProtocol
  edgeMode: EdgeMode | null
}

function chooseProvider(rng: Rng, role: 'swaps' | 'bridges', route: Route, needed: boolean, autoShare: number): string {
  if (!needed) return AUTO
  const candidates = candidateProviders(role, route.originChainId, route.destinationChainId)
  return candidates.length === 0 || rng.chance(autoShare) ? AUTO : rng.pick(candidates).code
}

export const randomAddress = (rng: Rng): string => rng.hex0x(40)
const randomIntentId = (rng: Rng): string => rng.hex0x(64)

/**
 * A new record in the QUOTED state. Identity (intent id, intent addresses, dna) comes
 * from `rng`; the caller decides the parameters.
 */
export function buildRecord(rng: Rng, idx: number, createdAt: number, p: IntentParams, commitWindowMs: number): IntentRecord {
  const intentId = randomIntentId(rng)
  const originIntentAddress = randomAddress(rng)
  const destinationIntentAddress = randomAddress(rng)
  const dna = rng.u32() | 0
  const feeShare = rng.between(0.0005, 0.006)
  // Testnet tokens have no price: their amounts convert one token unit for one unit.
  const usd = usdOf(p.originToken, p.originAmount) || Number(p.originAmount) / 10 ** p.originToken.decimals
  const destinationAmount = rawAmountForUsd(p.destinationToken, usd * (1 - feeShare), rng.u32())
  let edge: EdgeInfo | null = null
  if (p.edgeMode) {
    const token = rng.chance(0.7) ? EDGE_TOKENS[0] : EDGE_TOKENS[1]
    edge = { mode: p.edgeMode, address: rng.base58(44), token, amount: rawAmountForUsd(token, usd, rng.u32()), initTx: null, fillTx: null, refundTx: null }
  }
  return {
    idx,
    intentId,
    dna,
    projectId: p.projectId,
    owner: p.owner.toLowerCase(),
    originChainId: p.originChainId,
    destinationChainId: p.destinationChainId,
    originToken: p.originToken,
    destinationToken: p.destinationToken,
    originAmount: p.originAmount,
    destinationAmount,
    originIntentAddress,
    destinationIntentAddress,
    destinationToAddress: p.destinationToAddress.toLowerCase(),
    swapProvider: chooseProvider(rng, 'swaps', p, p.originToken.symbol !== p.destinationToken.symbol, 0.2),
    bridgeProvider: chooseProvider(rng, 'bridges', p, p.originChainId !== p.destinationChainId, 0.15),
    protocol: p.protocol,
    edge,
    status: 'QUOTED',
    statusReason: null,
    outcome: 'SUCCESS',
    stage: -1,
    createdAt,
    updatedAt: createdAt,
    expiresAt: createdAt + commitWindowMs,
    committedAt: NOT_YET,
    executedAt: NOT_YET,
    finishedAt: NOT_YET,
    plannedExecuteAt: NOT_YET,
    legs: emptyLegs(),
    legTimes: emptyLegTimes(),
    txHashes: emptyTxHashes(),
    held: false,
    version: 0,
  }
}

const tokenOn = (rng: Rng, chainId: number, drawn: TokenDef): TokenDef => (chainId === drawn.chainId ? drawn : tokenPicks.get(chainId)!.draw(rng))

const STREAM_RUNTIME = 61

/**
 * Builds and stores a new intent at the end of the dataset. Its identity comes from its
 * position, so the same sequence of calls creates the same intents.
 */
export function appendRecord(ds: Dataset, seed: number, now: number, build: (rng: Rng, idx: number, createdAt: number) => IntentRecord): IntentRecord {
  const idx = ds.size
  const r = build(new Rng(seed, STREAM_RUNTIME, idx), idx, ds.nextCreatedAt(now))
  ds.add(r)
  return r
}

/** Everything not pinned by `pinned`, drawn at random: tokens follow pinned chains. */
export function drawParams(rng: Rng, owner: string, pinned: Partial<IntentParams>, testnet = false): IntentParams {
  const route = drawRoute(rng, testnet)
  const originChainId = pinned.originChainId ?? route.originChainId
  const destinationChainId = pinned.destinationChainId ?? route.destinationChainId
  const originToken = pinned.originToken ?? tokenOn(rng, originChainId, route.originToken)
  const destinationToken = pinned.destinationToken ?? tokenOn(rng, destinationChainId, route.destinationToken)
  const drawn: IntentParams = {
    originChainId,
    destinationChainId,
    originToken,
    destinationToken,
    owner,
    projectId: PROJECT_PICK.draw(rng),
    originAmount: rawAmountForUsd(originToken, rng.logUniform(1, 250_000), rng.u32()),
    destinationToAddress: rng.chance(0.85) ? owner : randomAddress(rng),
    protocol: rng.chance(0.8) ? 'v1_5' : 'v1',
    edgeMode: !chainById(originChainId)?.isTestnet && rng.chance(0.05) ? rng.pick(EDGE_MODES) : null,
  }
  return { ...drawn, ...definedOnly(pinned) }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {}
  for (const k in o) if (o[k] !== undefined) out[k] = o[k]
  return out
}
