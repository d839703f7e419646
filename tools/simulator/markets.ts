/**
 * The yield-market catalogue. Which markets exist is fixed (providers × networks ×
 * tokens below), so market ids are the same for every seed; their numbers (rates, TVL,
 * risk, allocations…) are drawn from the seed.
 *
 * Market ids read `<network>-<token>-<provider>[-<curator>]-<type>`, e.g.
 * `ethereum-usdc-aave-v3-lending` or `base-usdc-morpho-gauntlet-vault`. `type` is
 * `lending` or `vault`; liquid-staking vaults carry the tag `liquid-staking`, a
 * validator-based mechanics type, and validators in their balances.
 *
 * Strings the spec leaves open: `rewardRate.rateType` is `APY` or `APR`;
 * `mechanics.type` is `lending`, `vault` or `staking`; `rewardSchedule` is `block`,
 * `day` or `epoch`; `rewardClaiming` is `auto` or `manual`; `mechanics.arguments.manage`,
 * when present, maps a pending-action type to its ArgumentSchema.
 */
import { chainByNetwork, type ChainDef } from './chains'
import { roleAddress } from './materialise/common'
import { Rng, hashString } from './rng'
import { tokenBySymbol, tokenLogoUri, tokensOn, type TokenDef } from './tokens'

export type MarketType = 'lending' | 'vault'

interface YieldProviderDef {
  id: string
  name: string
  type: MarketType
  networks: string[]
  tokens: string[]
  curators?: string[]
  staking?: boolean
  /** Tokens of incentive rewards, when the provider pays them. */
  incentives?: boolean
}

const STABLES = ['USDC', 'USDT', 'DAI']
const BLUE_CHIPS = ['USDC', 'USDT', 'WETH', 'DAI', 'WBTC']

export const YIELD_PROVIDERS: readonly YieldProviderDef[] = [
  { id: 'aave-v3', name: 'Aave v3', type: 'lending', networks: ['ethereum', 'base', 'arbitrum', 'optimism', 'polygon', 'avalanche-c', 'binance', 'gnosis', 'linea', 'scroll', 'sonic', 'zksync'], tokens: BLUE_CHIPS, incentives: true },
  { id: 'compound-v3', name: 'Compound III', type: 'lending', networks: ['ethereum', 'base', 'arbitrum', 'optimism', 'polygon', 'scroll', 'linea', 'mantle'], tokens: ['USDC', 'USDT', 'WETH'], incentives: true },
  { id: 'spark', name: 'Spark', type: 'lending', networks: ['ethereum', 'gnosis'], tokens: BLUE_CHIPS },
  { id: 'fluid', name: 'Fluid', type: 'lending', networks: ['ethereum', 'base', 'arbitrum', 'polygon'], tokens: ['USDC', 'USDT', 'WETH'] },
  { id: 'moonwell', name: 'Moonwell', type: 'lending', networks: ['base', 'optimism'], tokens: ['USDC', 'WETH', 'DAI'], incentives: true },
  { id: 'venus', name: 'Venus', type: 'lending', networks: ['binance', 'ethereum', 'zksync'], tokens: ['USDC', 'USDT', 'WETH', 'WBTC'], incentives: true },
  { id: 'benqi', name: 'Benqi', type: 'lending', networks: ['avalanche-c'], tokens: ['USDC', 'USDT', 'WETH', 'WBTC'] },
  { id: 'morpho', name: 'Morpho', type: 'vault', networks: ['ethereum', 'base', 'arbitrum', 'polygon'], tokens: ['USDC', 'WETH', 'USDT'], curators: ['Gauntlet', 'Steakhouse', 'Re7 Labs'], incentives: true },
  { id: 'euler-v2', name: 'Euler v2', type: 'vault', networks: ['ethereum', 'base', 'sonic', 'arbitrum', 'avalanche-c', 'binance'], tokens: ['USDC', 'WETH'], curators: ['Euler DAO', 'K3 Capital'] },
  { id: 'yearn-v3', name: 'Yearn v3', type: 'vault', networks: ['ethereum', 'polygon', 'arbitrum', 'base'], tokens: ['USDC', 'DAI', 'WETH', 'USDT'] },
  { id: 'beefy', name: 'Beefy', type: 'vault', networks: ['arbitrum', 'base', 'optimism', 'polygon', 'linea', 'binance', 'avalanche-c', 'sonic'], tokens: ['USDC', 'WETH'] },
  { id: 'lido', name: 'Lido', type: 'vault', networks: ['ethereum'], tokens: ['ETH'], staking: true },
  { id: 'stakewise-v3', name: 'StakeWise v3', type: 'vault', networks: ['ethereum', 'gnosis'], tokens: ['ETH', 'XDAI'], staking: true },
  { id: 'ankr', name: 'Ankr', type: 'vault', networks: ['binance', 'polygon', 'avalanche-c'], tokens: ['BNB', 'POL', 'AVAX'], staking: true },
]

/** A market whose balance lookups always fail, to exercise per-yield `errors`. */
export const UNAVAILABLE_YIELD_ID = 'ethereum-usdt-compound-v3-lending'

export interface MarketEntry {
  id: string
  chain: ChainDef
  provider: YieldProviderDef
  type: MarketType
  token: TokenDef
  name: string
  rewardRate: number
  tvlUsd: number
  /** Share price of the vault's output token in units of the input token. */
  pricePerShare: number
  /** Lower-cased text `search` matches against. */
  searchText: string
  /** The YieldMarket object as sent. */
  market: ReturnType<typeof buildMarket>
}

export interface MarketCatalog {
  all: readonly MarketEntry[]
  byId: ReadonlyMap<string, MarketEntry>
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-')

export function yieldToken(t: TokenDef, network: string, overrides: Partial<{ symbol: string; name: string; address: string; isPoints: boolean }> = {}) {
  const symbol = overrides.symbol ?? t.symbol
  return {
    symbol,
    name: overrides.name ?? t.name,
    decimals: t.decimals,
    network,
    address: overrides.address ?? t.address,
    logoURI: tokenLogoUri(symbol),
    isPoints: overrides.isPoints ?? false,
    priceFeedId: t.priceFeedId,
  }
}

export type YieldToken = ReturnType<typeof yieldToken>

const amountSchema = (action: string) => ({
  fields: [{ name: 'amount', type: 'string', label: 'Amount', description: `Amount to ${action}, in token units`, required: true, minimum: '0', placeholder: '0.0', isArray: false }],
  notes: '',
})

/** The share token a deposit returns: aTokens, cTokens, vault shares, staking receipts. */
function outputTokenOf(p: YieldProviderDef, t: TokenDef, network: string, curator: string | undefined) {
  const prefix: Record<string, string> = { 'aave-v3': 'a', 'compound-v3': 'c', spark: 'sp', fluid: 'f', moonwell: 'm', venus: 'v', benqi: 'q', 'yearn-v3': 'yv', beefy: 'moo', lido: 'st', 'stakewise-v3': 'os', ankr: 'ankr' }
  const pre = curator ? curator.slice(0, 2).toLowerCase() : prefix[p.id] ?? 'y'
  const symbol = pre + t.symbol
  return yieldToken(t, network, { symbol, name: `${curator ?? p.name} ${t.symbol}`, address: roleAddress(`share:${p.id}:${curator ?? ''}:${t.symbol}`, t.chainId) })
}

interface Sibling {
  id: string
  providerId: string
}

/** The market's reward rate: the base rate, and an incentive (a token or a points program) when it has one. */
function rewardRateOf(p: YieldProviderDef, t: TokenDef, network: string, base: number, incentive: number, incentiveToken: TokenDef | undefined) {
  return {
    total: round6(base + incentive),
    rateType: p.staking ? 'APR' : 'APY',
    components: [
      { rate: round6(base), rateType: p.staking ? 'APR' : 'APY', token: yieldToken(t, network), yieldSource: p.staking ? 'staking' : p.type === 'vault' ? 'vault' : 'supply', description: p.staking ? 'Protocol staking rewards' : 'Interest paid by borrowers' },
      ...(incentive
        ? [
            {
              rate: round6(incentive),
              rateType: 'APR',
              token: incentiveToken ? yieldToken(incentiveToken, network) : yieldToken(t, network, { symbol: `${p.name.split(' ')[0].toUpperCase()}-PTS`, name: `${p.name} points`, address: roleAddress(`points:${p.id}`), isPoints: true }),
              yieldSource: 'incentive',
              description: incentiveToken ? `${incentiveToken.symbol} incentives` : 'Points program',
            },
          ]
        : []),
    ],
  }
}

/** How entering, exiting and rewards work for the market's kind of provider. */
function mechanicsOf(rng: Rng, p: YieldProviderDef, network: string, native: TokenDef, incentive: number, cap: number | undefined) {
  return {
    type: p.staking ? 'staking' : p.type,
    rewardSchedule: p.staking ? 'epoch' : p.type === 'vault' ? 'day' : 'block',
    rewardClaiming: incentive ? 'manual' : 'auto',
    gasFeeToken: yieldToken(native, network),
    requiresValidatorSelection: p.id === 'stakewise-v3',
    lockupPeriod: p.staking ? { seconds: 0 } : undefined,
    cooldownPeriod: p.staking ? { seconds: rng.pick([86_400, 3 * 86_400, 5 * 86_400]) } : undefined,
    warmupPeriod: p.staking ? { seconds: rng.pick([0, 86_400]) } : undefined,
    fee: p.type === 'vault' ? { deposit: '0', withdrawal: '0', management: rng.pick(['0', '0.005', '0.01']), performance: rng.pick(['0.05', '0.1', '0.15']) } : undefined,
    entryLimits: { minimum: p.staking ? '0.01' : '0', maximum: cap?.toFixed(2) },
    requirements: { kycRequired: false, kycUrl: undefined },
    supportsLedgerWalletApi: rng.chance(0.4),
    extraTransactionFormatsSupported: rng.chance(0.3) ? ['safe'] : [],
    arguments: {
      enter: amountSchema('deposit'),
      exit: amountSchema('withdraw'),
      balance: { fields: [], notes: 'Balances need only the wallet address.' },
      manage: incentive ? { CLAIM_REWARDS: { fields: [], notes: 'Claims all accrued rewards.' } } : undefined,
    },
    possibleFeeTakingMechanisms: { depositFee: false, managementFee: p.type === 'vault', performanceFee: p.type === 'vault', validatorRebates: p.staking === true },
  }
}

function buildMarket(rng: Rng, id: string, p: YieldProviderDef, chain: ChainDef, t: TokenDef, curator: string | undefined, siblings: readonly Sibling[]) {
  const network = chain.network
  const stable = STABLES.includes(t.symbol)
  const base = p.staking ? rng.between(0.026, 0.075) : stable ? rng.between(0.025, 0.085) : t.symbol === 'WBTC' ? rng.between(0.001, 0.012) : rng.between(0.012, 0.04)
  const incentiveToken = p.incentives && rng.chance(0.4) ? tokensOn(chain.id).find((x) => x.symbol === 'ARB' || x.symbol === 'OP') : undefined
  const pointsProgram = !incentiveToken && p.incentives && rng.chance(0.25)
  const incentive = incentiveToken || pointsProgram ? rng.between(0.003, 0.03) : 0
  const token = yieldToken(t, network)
  const rewardRate = rewardRateOf(p, t, network, base, incentive, incentiveToken)
  const tvlUsd = round2(rng.logUniform(stable ? 200_000 : 50_000, chain.id === 1 ? 3e9 : 4e8))
  const price = t.priceUsd || 1
  const tvlUnits = tvlUsd / price
  const uniqueUsers = Math.max(3, Math.round(tvlUsd / rng.logUniform(2_000, 80_000)))
  const deprecated = rng.chance(0.03)
  const pricePerShare = p.type === 'vault' ? round6(1 + rng.between(0.001, 0.25)) : 1
  const native = tokensOn(chain.id)[0]
  const typeLabel = p.staking ? 'Staking' : p.type === 'vault' ? 'Vault' : 'Lending'
  const name = curator ? `${curator} ${t.symbol} (${p.name})` : `${p.name} ${t.symbol} ${typeLabel}`
  const outputToken = outputTokenOf(p, t, network, curator)
  const utilization = round4(rng.between(0.35, 0.93))
  const hasRisk = rng.chance(0.6)
  const hasCap = rng.chance(0.3)
  const capMax = tvlUnits * rng.between(1.05, 2)

  return {
    id,
    network,
    inputTokens: [token],
    token,
    tokens: [token],
    rewardRate,
    status: { enter: !deprecated, exit: true },
    metadata: {
      name,
      logoURI: `https://assets.example.com/yield/${p.id}.svg`,
      description: p.staking ? `Stake ${t.symbol} with ${p.name} and receive ${outputToken.symbol}.` : `Supply ${t.symbol} to ${name} on ${chain.name}.`,
      documentation: `https://docs.example.com/${p.id}`,
      underMaintenance: !deprecated && rng.chance(0.02),
      deprecated,
      supportedStandards: p.type === 'vault' && !p.staking ? ['ERC4626'] : [],
    },
    mechanics: mechanicsOf(rng, p, network, native, incentive, hasCap ? capMax : undefined),
    providerId: p.id,
    supportsBeneficiary: p.type === 'vault',
    chainId: String(chain.id),
    outputToken,
    statistics: {
      tvlUsd: tvlUsd.toFixed(2),
      tvl: tvlUnits.toFixed(6),
      tvlRaw: rawOf(tvlUnits, t.decimals),
      uniqueUsers,
      averagePositionSizeUsd: (tvlUsd / uniqueUsers).toFixed(2),
      averagePositionSize: (tvlUnits / uniqueUsers).toFixed(6),
    },
    risk: hasRisk ? { ratings: [{ rating: rng.pick(['A', 'A-', 'B+', 'B']), source: 'Exponential' }, ...(rng.chance(0.5) ? [{ rating: rng.pick(['AA', 'A', 'BBB']), source: 'Credora' }] : [])] } : undefined,
    curator: curator ? { name: curator, description: `${curator} curates risk for this vault.`, logoURI: `https://assets.example.com/curators/${slug(curator)}.svg` } : undefined,
    tags: [
      ...(stable ? ['stablecoin'] : []),
      p.staking ? 'liquid-staking' : p.type,
      ...(BLUE_CHIPS.includes(t.symbol) ? ['blue-chip'] : []),
      ...(curator ? ['curated'] : []),
      ...(incentive ? ['incentivized'] : []),
    ],
    state: {
      pricePerShareState: p.type === 'vault' ? { price: pricePerShare, shareToken: outputToken, quoteToken: token } : undefined,
      concentratedLiquidityPoolState: p.id === 'beefy' && t.symbol === 'WETH' ? clPool(rng, chain, t, tvlUsd) : undefined,
      capacityState: hasCap ? { current: tvlUnits.toFixed(2), max: capMax.toFixed(2), remaining: (capMax - tvlUnits).toFixed(2) } : undefined,
      liquidityState: p.type === 'lending' ? { liquidity: (tvlUnits * (1 - utilization)).toFixed(6), utilization } : undefined,
      allocations: curator ? allocations(rng, chain, t, tvlUnits, siblings) : undefined,
    },
  }
}

function clPool(rng: Rng, chain: ChainDef, t: TokenDef, tvlUsd: number) {
  const usdc = tokenBySymbol(chain.id, 'USDC')
  const minTick = -rng.int(190_000, 200_000)
  return {
    baseApr: round6(rng.between(0.05, 0.3)),
    price: t.priceUsd,
    tickSpacing: 60,
    minTick,
    maxTick: minTick + rng.int(2_000, 8_000),
    feeTier: 0.0005,
    baseToken: yieldToken(t, chain.network),
    quoteToken: usdc ? yieldToken(usdc, chain.network) : yieldToken(t, chain.network),
    volume24hUsd: round2(tvlUsd * rng.between(0.1, 2)),
    fee24hUsd: round2(tvlUsd * rng.between(0.0001, 0.001)),
    tvlUsd,
  }
}

/** Where a curated vault lends: weights over the lending markets on its network. */
function allocations(rng: Rng, chain: ChainDef, t: TokenDef, tvlUnits: number, siblings: readonly Sibling[]) {
  const count = Math.min(siblings.length, rng.int(2, 5))
  const targets = siblings.slice(0, count)
  if (targets.length === 0) return []
  const raw = targets.map(() => rng.between(0.1, 1))
  const sum = raw.reduce((a, b) => a + b, 0)
  return targets.map((target, i) => {
    const weight = round4(raw[i] / sum)
    const units = tvlUnits * weight
    const maxCapacity = units * rng.between(1.1, 3)
    return {
      address: roleAddress(`allocation:${target.id}`, chain.id),
      network: chain.network,
      name: `${t.symbol} market ${i + 1}`,
      allocation: units.toFixed(6),
      weight,
      targetWeight: round4(weight * rng.between(0.9, 1.1)),
      yieldId: target.id,
      providerId: target.providerId,
      allocationUsd: (units * (t.priceUsd || 1)).toFixed(2),
      rewardRate: { total: round6(rng.between(0.02, 0.09)), rateType: 'APY' },
      tvl: (units * rng.between(2, 20)).toFixed(6),
      tvlUsd: (units * (t.priceUsd || 1) * rng.between(2, 20)).toFixed(2),
      maxCapacity: maxCapacity.toFixed(6),
      remainingCapacity: (maxCapacity - units).toFixed(6),
    }
  })
}

const round2 = (x: number) => Math.round(x * 100) / 100
const round4 = (x: number) => Math.round(x * 1e4) / 1e4
const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/** Raw integer string of `units` tokens. */
export function rawOf(units: number, decimals: number): string {
  const micros = BigInt(Math.round(units * 1e6))
  return decimals >= 6 ? (micros * 10n ** BigInt(decimals - 6)).toString() : (micros / 10n ** BigInt(6 - decimals)).toString()
}

/** The token a provider takes on a network: native for staking, the ERC-20 otherwise. */
function marketToken(p: YieldProviderDef, chain: ChainDef, symbol: string): TokenDef | undefined {
  if (!p.staking) return tokenBySymbol(chain.id, symbol)
  const native = tokensOn(chain.id)[0]
  return native?.symbol === symbol ? native : undefined
}

export function buildCatalog(seed: number): MarketCatalog {
  const plan: { id: string; p: YieldProviderDef; chain: ChainDef; t: TokenDef; curator?: string }[] = []
  for (const p of YIELD_PROVIDERS) {
    for (const network of p.networks) {
      const chain = chainByNetwork(network)
      if (!chain) continue
      for (const symbol of p.tokens) {
        const t = marketToken(p, chain, symbol)
        if (!t) continue
        for (const curator of p.curators ?? [undefined]) {
          const id = [network, t.symbol.toLowerCase(), p.id, ...(curator ? [slug(curator)] : []), p.type].join('-')
          plan.push({ id, p, chain, t, curator })
        }
      }
    }
  }
  const lending = (chain: ChainDef, t: TokenDef) => plan.filter((m) => m.chain === chain && m.t === t && m.p.type === 'lending').map((m) => ({ id: m.id, providerId: m.p.id }))
  const all: MarketEntry[] = plan.map(({ id, p, chain, t, curator }) => {
    const market = buildMarket(new Rng(seed, hashString(id)), id, p, chain, t, curator, curator ? lending(chain, t) : [])
    return {
      id,
      chain,
      provider: p,
      type: p.type,
      token: t,
      name: market.metadata.name,
      rewardRate: market.rewardRate.total,
      tvlUsd: Number(market.statistics.tvlUsd),
      pricePerShare: market.state.pricePerShareState?.price ?? 1,
      searchText: [id, market.metadata.name, p.name, t.symbol, t.name, market.outputToken.symbol].join(' ').toLowerCase(),
      market,
    }
  })
  return { all, byId: new Map(all.map((m) => [m.id, m])) }
}

// ---- markets that move -------------------------------------------------------------

const DAY_MS = 86_400_000
const MOVE_STEP_MS = 60_000

/** A deterministic value in [-1, 1] for (market, purpose, step): the same minute always reads the same. */
function wobble(id: string, purpose: number, step: number): number {
  let h = hashString(id) ^ Math.imul(purpose + 1, 0x9e3779b1) ^ Math.imul(step | 0, 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d)
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b)
  return (((h ^ (h >>> 16)) >>> 0) / 0xffffffff) * 2 - 1
}

/**
 * How far a market's figures stand from their catalogue values at `nowMs`: a daily and a
 * weekly swing (phases from the market id) plus a little noise per quarter hour, read
 * to the minute. Rates swing ±20 %, TVL ±6 %.
 */
export function driftAt(id: string, nowMs: number): { rate: number; incentive: number; tvl: number } {
  const t = Math.floor(nowMs / MOVE_STEP_MS) * MOVE_STEP_MS
  const phase = (hashString(id) % 1000) / 1000
  const quarter = Math.floor(t / 900_000)
  const wave = (period: number, shift: number) => Math.sin(2 * Math.PI * (t / period + phase + shift))
  return {
    rate: 1 + 0.12 * wave(DAY_MS, 0) + 0.06 * wave(7 * DAY_MS, 0.3) + 0.02 * wobble(id, 0, quarter),
    incentive: 1 + 0.15 * wave(3 * DAY_MS, 0.6) + 0.05 * wobble(id, 1, quarter),
    tvl: 1 + 0.05 * wave(3 * DAY_MS, 0.1) + 0.01 * wobble(id, 2, quarter),
  }
}

/** The market as the service lists it at `nowMs`: rates, TVL and liquidity moved by `driftAt`. */
export function marketAt(entry: MarketEntry, nowMs: number): MarketEntry {
  const d = driftAt(entry.id, nowMs)
  const m = entry.market
  const [base, incentive] = m.rewardRate.components
  const baseRate = round6(base.rate * d.rate)
  const incentiveRate = incentive ? round6(incentive.rate * d.incentive) : 0
  const tvlUnits = Number(m.statistics.tvl) * d.tvl
  const tvlUsd = round2(entry.tvlUsd * d.tvl)
  const liquidity = m.state.liquidityState
  const utilization = liquidity ? Math.min(0.99, round4(liquidity.utilization * (1 + (d.rate - 1) / 2))) : undefined
  const market = {
    ...m,
    rewardRate: {
      ...m.rewardRate,
      total: round6(baseRate + incentiveRate),
      components: [{ ...base, rate: baseRate }, ...(incentive ? [{ ...incentive, rate: incentiveRate }] : [])],
    },
    statistics: { ...m.statistics, tvlUsd: tvlUsd.toFixed(2), tvl: tvlUnits.toFixed(6), tvlRaw: rawOf(tvlUnits, entry.token.decimals) },
    state: {
      ...m.state,
      liquidityState: liquidity && utilization !== undefined ? { liquidity: (tvlUnits * (1 - utilization)).toFixed(6), utilization } : liquidity,
    },
  }
  return { ...entry, rewardRate: market.rewardRate.total, tvlUsd, market }
}
