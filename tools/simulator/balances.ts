/**
 * Yield positions of any wallet, invented deterministically from (seed, address,
 * yield id), so the same wallet always holds the same positions. Amounts accrue at the
 * market's reward rate from the position's opening date to the simulated now, so
 * snapshots taken at different times differ a little, as real balances do.
 *
 * Balance `type`s used: active, entering, exiting, withdrawable, claimable, locked.
 */
import { formatUnits, tokenBySymbol } from './tokens'
import { rawOf, yieldToken, type MarketEntry, type YieldToken } from './markets'
import { roleAddress } from './materialise/common'
import { Rng, hashString } from './rng'

const YEAR_MS = 365.25 * 86_400_000
const DAY_MS = 86_400_000

/** Share of markets any given wallet holds a position in. */
const HOLDING_SHARE = 0.25

export interface PositionContext {
  seed: number
  /** Simulated now and the dataset's start, epoch ms. */
  now: number
  startAt: number
}

const positionRng = (ctx: PositionContext, address: string, marketId: string, purpose: number) =>
  new Rng(ctx.seed, hashString(address.toLowerCase()), hashString(marketId), purpose)

/** Whether the wallet holds a position in the market; the same answer however it is asked. */
export const holds = (ctx: PositionContext, address: string, m: MarketEntry): boolean => positionRng(ctx, address, m.id, 0).chance(HOLDING_SHARE)

function validator(rng: Rng, m: MarketEntry, index: number) {
  const name = rng.pick(['Chorus One', 'Figment', 'Kiln', 'P2P.org', 'Everstake', 'Allnodes'])
  const tvlUnits = rng.logUniform(10_000, 2_000_000)
  return {
    address: roleAddress(`validator:${m.id}:${index}`, m.chain.id),
    name,
    logoURI: `https://assets.example.com/validators/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
    website: `https://validators.example.com/${index}`,
    rewardRate: { total: m.rewardRate, rateType: 'APR', components: [] },
    provider: {
      name: m.provider.name,
      id: m.provider.id,
      logoURI: `https://assets.example.com/yield/${m.provider.id}.svg`,
      description: `${m.provider.name} staking`,
      website: `https://docs.example.com/${m.provider.id}`,
      tvlUsd: m.tvlUsd,
      type: 'staking',
      rank: index + 1,
      preferred: index === 0,
      references: [],
      revshare: { trial: { minRevShare: 0, maxRevShare: 0.1 }, standard: { minRevShare: 0.1, maxRevShare: 0.2 }, pro: { minRevShare: 0.2, maxRevShare: 0.35 } },
      uniqueId: `${m.provider.id}-${m.chain.network}`,
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2026-06-01T00:00:00.000Z',
    },
    commission: Math.round(rng.between(0.02, 0.1) * 1e4) / 1e4,
    tvlUsd: (tvlUnits * (m.token.priceUsd || 1)).toFixed(2),
    tvl: tvlUnits.toFixed(6),
    tvlRaw: rawOf(tvlUnits, m.token.decimals),
    votingPower: Math.round(rng.between(0.001, 0.05) * 1e6) / 1e6,
    preferred: index === 0,
    minimumStake: '0.01',
    remainingPossibleStake: (tvlUnits * 0.5).toFixed(6),
    remainingSlots: rng.int(0, 200),
    nominatorCount: rng.int(10, 5_000),
    status: 'active',
    providerId: m.provider.id,
    pricePerShare: '1',
    tokenSymbol: m.token.symbol,
  }
}

function passthrough(rng: Rng): string {
  return Buffer.from(rng.hex(48), 'hex').toString('base64')
}

interface Priced {
  token: YieldToken
  priceUsd: number
}

/** Everything the wallet holds in one market at the simulated now. */
export function positionIn(ctx: PositionContext, address: string, m: MarketEntry) {
  const rng = positionRng(ctx, address, m.id, 1)
  const opened = ctx.startAt - rng.int(1, 365) * DAY_MS
  const principalUsd = rng.logUniform(10, 500_000)
  const price = m.token.priceUsd || 1
  const years = Math.max(0, ctx.now - opened) / YEAR_MS
  const units = (principalUsd / price) * (1 + m.rewardRate * years)
  const input: Priced = { token: yieldToken(m.token, m.chain.network), priceUsd: m.token.priceUsd }
  const share: Priced = { token: m.market.outputToken, priceUsd: m.token.priceUsd * m.pricePerShare }
  const staking = m.provider.staking === true
  const needsValidator = m.market.mechanics.requiresValidatorSelection
  const validators = staking ? [validator(rng, m, 0), validator(rng, m, 1)] : undefined

  const balance = (type: string, amountUnits: number, of: Priced = input, extra: Record<string, unknown> = {}) => {
    const amountRaw = rawOf(amountUnits, of.token.decimals)
    const shares = m.type === 'vault' && of === input ? amountUnits / m.pricePerShare : undefined
    return {
      address: address.toLowerCase(),
      type,
      amount: formatUnits(BigInt(amountRaw), of.token.decimals),
      amountRaw,
      pendingActions: [] as unknown[],
      token: of.token,
      isEarning: type === 'active' || type === 'locked',
      date: new Date(opened).toISOString(),
      feeConfigurationId: m.type === 'vault' ? `fee-${m.provider.id}-standard` : undefined,
      validator: needsValidator ? validators?.[0] : undefined,
      validators: staking && !needsValidator ? validators : undefined,
      amountUsd: (amountUnits * of.priceUsd).toFixed(2),
      shareAmount: shares?.toFixed(6),
      shareAmountRaw: shares === undefined ? undefined : rawOf(shares, share.token.decimals),
      shareToken: shares === undefined ? undefined : share.token,
      ...extra,
    }
  }

  const balances = [balance('active', units)]
  if (staking) {
    if (rng.chance(0.3)) balances.push(balance('entering', units * rng.between(0.01, 0.2)))
    if (rng.chance(0.3)) balances.push(balance('exiting', units * rng.between(0.01, 0.3)))
    if (rng.chance(0.25)) balances.push(balance('locked', units * rng.between(0.05, 0.5)))
  }
  if (rng.chance(0.2)) {
    const amount = units * rng.between(0.01, 0.3)
    const action = { intent: 'exit', type: 'WITHDRAW', passthrough: passthrough(rng), arguments: m.market.mechanics.arguments.exit, amount: amount.toFixed(6) }
    balances.push(balance('withdrawable', amount, input, { pendingActions: [action] }))
  }
  const reward = m.market.rewardRate.components[1]
  if (reward) {
    // Points have no price; a point is worth a hundredth of a dollar of rewards.
    const rewardPrice = reward.token.isPoints ? 0 : tokenBySymbol(m.chain.id, reward.token.symbol)?.priceUsd ?? 0
    const rewardUsd = units * price * reward.rate * years
    const rewardUnits = rewardPrice ? rewardUsd / rewardPrice : rewardUsd * 100
    const action = { intent: 'manage', type: 'CLAIM_REWARDS', passthrough: passthrough(rng), amount: rewardUnits.toFixed(6) }
    balances.push(balance('claimable', rewardUnits, { token: reward.token, priceUsd: rewardPrice }, { isEarning: false, pendingActions: [action] }))
  }
  return {
    yieldId: m.id,
    balances,
    outputTokenBalance: balance('active', units / m.pricePerShare, share),
    rewardRate: m.market.rewardRate,
  }
}

export type Position = ReturnType<typeof positionIn>
