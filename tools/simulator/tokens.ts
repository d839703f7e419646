/**
 * Tokens per chain with their real decimals (USDC has 6 on most chains but 18 on BNB
 * Smart Chain, WBTC has 8), so amount formatting is exercised honestly. Well-known
 * contracts use their real addresses; the rest get stable derived addresses.
 */
import { CHAINS, SOLANA_CHAIN_ID, type ChainDef } from './chains'
import { Rng, hashString } from './rng'

export interface TokenDef {
  chainId: number
  address: string
  symbol: string
  name: string
  decimals: number
  /** Zero on testnets: their tokens have no market value. */
  priceUsd: number
  priceFeedId: string
  isNative: boolean
}

export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000'

interface Asset {
  name: string
  decimals: number
  priceUsd: number
  priceFeedId: string
}

const ASSETS: Record<string, Asset> = {
  USDC: { name: 'USD Coin', decimals: 6, priceUsd: 1, priceFeedId: 'usd-coin' },
  USDT: { name: 'Tether USD', decimals: 6, priceUsd: 1, priceFeedId: 'tether' },
  DAI: { name: 'Dai Stablecoin', decimals: 18, priceUsd: 1, priceFeedId: 'dai' },
  WETH: { name: 'Wrapped Ether', decimals: 18, priceUsd: 3150.25, priceFeedId: 'weth' },
  WBTC: { name: 'Wrapped BTC', decimals: 8, priceUsd: 91500, priceFeedId: 'wrapped-bitcoin' },
  ARB: { name: 'Arbitrum', decimals: 18, priceUsd: 0.38, priceFeedId: 'arbitrum' },
  OP: { name: 'Optimism', decimals: 18, priceUsd: 0.72, priceFeedId: 'optimism' },
}

const NATIVE_PRICES: Record<string, [number, string]> = {
  ETH: [3150.25, 'ethereum'],
  BNB: [610.4, 'binancecoin'],
  XDAI: [1, 'xdai'],
  POL: [0.42, 'polygon-ecosystem-token'],
  S: [0.55, 'sonic'],
  MNT: [0.95, 'mantle'],
  CELO: [0.62, 'celo'],
  AVAX: [27.5, 'avalanche-2'],
}

/** Real contract addresses where they are well known; keyed `chainId:SYMBOL`. */
const KNOWN_ADDRESSES: Record<string, string> = {
  '1:USDC': '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  '1:USDT': '0xdac17f958d2ee523a2206206994597c13d831ec7',
  '1:WETH': '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
  '1:DAI': '0x6b175474e89094c44da98b954eedeac495271d0f',
  '1:WBTC': '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599',
  '10:USDC': '0x0b2c639c533813f4aa9d7837caf62653d097ff85',
  '10:WETH': '0x4200000000000000000000000000000000000006',
  '10:OP': '0x4200000000000000000000000000000000000042',
  '56:USDT': '0x55d398326f99059ff775485246999027b3197955',
  '56:USDC': '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d',
  '137:USDC': '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
  '137:USDT': '0xc2132d05d31c914a87c6611c10748aeb04b58e8f',
  '137:WETH': '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619',
  '8453:USDC': '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  '8453:WETH': '0x4200000000000000000000000000000000000006',
  '42161:USDC': '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  '42161:USDT': '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
  '42161:WETH': '0x82af49447d8a07e3bd95bd0d56f35241523fbab1',
  '42161:ARB': '0x912ce59144191c1204e64559fe8253a0e49e6548',
  '43114:USDC': '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
  '11155111:USDC': '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238',
  '84532:USDC': '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
}

/** Decimals that differ from the asset's usual ones on a given chain. */
const DECIMAL_OVERRIDES: Record<string, number> = { '56:USDC': 18, '56:USDT': 18 }

const MAINNET_ASSETS = ['USDC', 'USDT', 'WETH', 'DAI', 'WBTC']
const CHAIN_EXTRAS: Record<number, string[]> = { 10: ['OP'], 42161: ['ARB'] }
const TESTNET_ASSETS = ['USDC', 'WETH']

function derivedAddress(chainId: number, symbol: string): string {
  return new Rng(chainId, hashString(symbol)).hex0x(40)
}

function nativeToken(chain: ChainDef): TokenDef {
  const [price, feed] = NATIVE_PRICES[chain.nativeCurrency.symbol]
  return {
    chainId: chain.id,
    address: NATIVE_TOKEN_ADDRESS,
    symbol: chain.nativeCurrency.symbol,
    name: chain.nativeCurrency.name,
    decimals: chain.nativeCurrency.decimals,
    priceUsd: chain.isTestnet ? 0 : price,
    priceFeedId: feed,
    isNative: true,
  }
}

function erc20(chain: ChainDef, symbol: string): TokenDef {
  const key = `${chain.id}:${symbol}`
  const asset = ASSETS[symbol]
  return {
    chainId: chain.id,
    address: KNOWN_ADDRESSES[key] ?? derivedAddress(chain.id, symbol),
    symbol,
    name: asset.name,
    decimals: DECIMAL_OVERRIDES[key] ?? asset.decimals,
    priceUsd: chain.isTestnet ? 0 : asset.priceUsd,
    priceFeedId: asset.priceFeedId,
    isNative: false,
  }
}

const TOKENS_BY_CHAIN = new Map<number, TokenDef[]>(
  CHAINS.map((chain) => {
    const symbols = chain.isTestnet ? TESTNET_ASSETS : [...MAINNET_ASSETS, ...(CHAIN_EXTRAS[chain.id] ?? [])]
    return [chain.id, [nativeToken(chain), ...symbols.map((s) => erc20(chain, s))]]
  }),
)

const TOKEN_BY_KEY = new Map<string, TokenDef>()
for (const list of TOKENS_BY_CHAIN.values()) for (const t of list) TOKEN_BY_KEY.set(`${t.chainId}:${t.address}`, t)

export const tokensOn = (chainId: number): readonly TokenDef[] => TOKENS_BY_CHAIN.get(chainId) ?? []

export const tokenByAddress = (chainId: number, address: string): TokenDef | undefined =>
  TOKEN_BY_KEY.get(`${chainId}:${address.toLowerCase()}`)

export const tokenBySymbol = (chainId: number, symbol: string): TokenDef | undefined =>
  tokensOn(chainId).find((t) => t.symbol === symbol)

export const tokenLogoUri = (symbol: string): string => `https://assets.example.com/tokens/${symbol.toLowerCase()}.svg`

/** Tokens of edge legs on the non-EVM rail; addresses are the rail's mint addresses. */
export const EDGE_TOKENS: readonly TokenDef[] = [
  { chainId: SOLANA_CHAIN_ID, address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', symbol: 'USDC', name: 'USD Coin', decimals: 6, priceUsd: 1, priceFeedId: 'usd-coin', isNative: false },
  { chainId: SOLANA_CHAIN_ID, address: 'So11111111111111111111111111111111111111112', symbol: 'SOL', name: 'Solana', decimals: 9, priceUsd: 142.8, priceFeedId: 'solana', isNative: true },
]

/** Raw integer amount worth `usd` dollars, with noisy low digits like real balances. */
export function rawAmountForUsd(token: TokenDef, usd: number, noise: number): bigint {
  const price = token.priceUsd > 0 ? token.priceUsd : 1
  const micros = BigInt(Math.max(1, Math.round((usd / price) * 1e6)))
  if (token.decimals <= 6) return micros / 10n ** BigInt(6 - token.decimals)
  const scale = 10n ** BigInt(token.decimals - 6)
  return micros * scale + (BigInt(noise >>> 0) % scale)
}

/** USD value of a raw amount; precision loss is irrelevant for display values. */
export function usdOf(token: TokenDef, raw: bigint): number {
  return (Number(raw) / 10 ** token.decimals) * token.priceUsd
}

/** Decimal rendering of a raw amount, e.g. 1500000 with 6 decimals -> "1.5". */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return (negative ? '-' : '') + whole + (frac ? '.' + frac : '')
}
