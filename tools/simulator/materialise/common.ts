/**
 * Small wire pieces shared by the Intent and receipt builders.
 *
 * Wire conventions: timestamps are ISO-8601 UTC strings with milliseconds
 * (`2026-11-20T10:02:11.000Z`) and are omitted while the moment has not happened;
 * addresses and hashes are lower-case; token amounts are bigint, written as bare JSON
 * numbers by wire.ts.
 */
import { EDGE_RAIL, SOLANA_CHAIN_ID } from '../chains'
import { AUTO } from '../providers'
import type { IntentRecord } from '../records'
import { Rng, hashString } from '../rng'
import { tokenLogoUri, type TokenDef } from '../tokens'
import { wireInt } from '../wire'

const DAY_MS = 86_400_000
const dayPrefixes = new Map<number, string>()
const pad = (n: number, width: number) => String(n).padStart(width, '0')

/**
 * `new Date(ms).toISOString()`, several times faster: a history page formats hundreds of
 * timestamps, mostly on a handful of days, so the date part is cached per day.
 */
export function iso(ms: number): string {
  const day = Math.floor(ms / DAY_MS)
  let prefix = dayPrefixes.get(day)
  if (prefix === undefined) {
    if (dayPrefixes.size > 10_000) dayPrefixes.clear()
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11)
    dayPrefixes.set(day, prefix)
  }
  const t = ms - day * DAY_MS
  return `${prefix}${pad(Math.floor(t / 3_600_000), 2)}:${pad(Math.floor(t / 60_000) % 60, 2)}:${pad(Math.floor(t / 1000) % 60, 2)}.${pad(t % 1000, 3)}Z`
}
export const isoIfSet = (ms: number): string | undefined => (ms ? iso(ms) : undefined)

const roleAddresses = new Map<string, string>()

/** A fixed-looking address for a named service role, e.g. the fee collector. */
export function roleAddress(role: string, chainId = 0): string {
  const key = `${role}@${chainId}`
  let a = roleAddresses.get(key)
  if (a === undefined) roleAddresses.set(key, (a = new Rng(hashString(role), chainId).hex0x(40)))
  return a
}

export const FEE_COLLECTOR = roleAddress('fee-collector')

export function tokenMetadata(t: TokenDef) {
  return { chainId: t.chainId, tokenAddress: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, logoUri: tokenLogoUri(t.symbol) }
}

/** Providers that actually routed the intent; just `AUTO` when the service did it alone. */
export function routeProviders(r: IntentRecord): string[] {
  const used = [r.swapProvider, r.bridgeProvider].filter((p) => p !== AUTO)
  return used.length === 0 ? [AUTO] : [...new Set(used)]
}

/**
 * The Edge object. There is no mode field on the wire; the mode shows in
 * `originChainId`: the rail's pseudo chain id for ORIGIN (value enters from the rail),
 * the intent's destination chain for DESTINATION (value leaves towards the rail).
 */
export function edgeObject(r: IntentRecord) {
  const e = r.edge
  if (!e) return undefined
  return {
    edgeId: 'edge_' + new Rng(r.dna, 31).hex(24),
    rail: EDGE_RAIL,
    originChainId: e.mode === 'ORIGIN' ? SOLANA_CHAIN_ID : r.destinationChainId,
    relayRequestId: new Rng(r.dna, 32).hex0x(64),
    edgeTokenAmount: wireInt(e.amount),
    edgeTokenAddress: e.token.address,
    edgeUserAddress: e.address,
    initTransactionHash: e.initTx ?? undefined,
    fillTransactionHash: e.fillTx ?? undefined,
    refundTransactionHash: e.refundTx ?? undefined,
    edgeTokenMetadata: tokenMetadata(e.token),
    createdAt: iso(r.createdAt),
  }
}

/** Whether the quote asked for a call on the destination; intent and receipt must agree. */
export const hasDestinationCall = (r: IntentRecord): boolean => new Rng(r.dna, 33).chance(0.15)

/** ERC-20 `transfer(to, amount)` calldata, or empty for native value transfers. */
export function transferCalldata(token: TokenDef, to: string, amount: bigint): string {
  if (token.isNative) return '0x'
  return '0xa9059cbb' + to.slice(2).padStart(64, '0') + amount.toString(16).padStart(64, '0')
}

/** The precondition that the intent address holds the quoted amount. */
export function precondition(chainId: number, intentAddress: string, token: TokenDef, minAmount: bigint) {
  return { type: token.isNative ? 'native-balance' : 'erc20-balance', chainId, ownerAddress: intentAddress, tokenAddress: token.address, minAmount: wireInt(minAmount) }
}

export const round = (x: number, digits: number): number => {
  const f = 10 ** digits
  return Math.round(x * f) / f
}
