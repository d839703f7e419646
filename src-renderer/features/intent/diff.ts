import type { ChainInfo, Intent } from '@contract/service'
import { chainName } from '../../lib/chains'
import { amountText } from '../../lib/format'
import type { TokenLookup } from './tokenLookup'

/** One leaf of two compared objects; `undefined` on a side means the field is absent there. */
export type DiffRow = { path: string; left: unknown; right: unknown; same: boolean }

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Leaves of a JSON-like value keyed by path (`fees.originGas.chainId`, `quote.routeProviders[0]`).
 * Empty objects and arrays are leaves themselves, so "sent empty" and "absent" differ.
 */
export function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (Array.isArray(value) && value.length) value.forEach((v, i) => flatten(v, `${prefix}[${i}]`, out))
  else if (isPlainObject(value) && Object.keys(value).length) {
    for (const [k, v] of Object.entries(value)) if (v !== undefined) flatten(v, prefix ? `${prefix}.${k}` : k, out)
  } else out.set(prefix, value)
  return out
}

const sameLeaf = (a: unknown, b: unknown) =>
  Object.is(a, b) || (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b))

/**
 * Field-by-field comparison of two objects. Rows follow the left object's field order;
 * a field only the right one has is placed after the field it follows there, so related
 * fields stay together.
 */
export function diffObjects(a: unknown, b: unknown): DiffRow[] {
  const left = flatten(a)
  const right = flatten(b)
  const paths = [...left.keys()]
  const at = new Map(paths.map((p, i) => [p, i]))
  let insertAt = 0
  for (const p of right.keys()) {
    const i = at.get(p)
    if (i !== undefined) {
      insertAt = i + 1
      continue
    }
    paths.splice(insertAt, 0, p)
    for (let j = insertAt; j < paths.length; j++) at.set(paths[j], j)
    insertAt++
  }
  return paths.map((path) => {
    const l = left.get(path)
    const r = right.get(path)
    return { path, left: l, right: r, same: left.has(path) === right.has(path) && sameLeaf(l, r) }
  })
}

/** A leaf as text for the table; absent fields are told apart from empty ones. */
export function leafText(v: unknown): string {
  if (v === undefined) return '(absent)'
  if (typeof v === 'string') return v === '' ? '""' : v
  return JSON.stringify(v)
}

/** Fields holding an amount of the intent's origin or destination token, by path. */
const ORIGIN_AMOUNTS = new Set(['quoteRequest.originTokenAmount', 'depositTransaction.amount', 'quote.fromAmount', 'quote.fromAmountMin', 'originPrecondition.minAmount'])
const DESTINATION_AMOUNTS = new Set(['quoteRequest.destinationTokenAmount', 'quote.toAmount', 'quote.toAmountMin', 'destinationPrecondition.minAmount'])

/**
 * A compared field as a person reads it, beside its raw value: an amount of the intent's
 * origin or destination token in that token's units (the app's one amount formatter), a
 * chain id by the chain's name. Undefined for a field that reads the same raw.
 */
export function readableLeaf(path: string, value: unknown, intent: Intent | undefined, tokenOf: TokenLookup, chains: ReadonlyMap<number, ChainInfo>): string | undefined {
  if (value === undefined || value === null) return undefined
  if (/(^|\.)(\w*[cC]hainId)$/.test(path) && typeof value === 'number') return `${chainName(chains, value)} (chain ${value})`
  const side = ORIGIN_AMOUNTS.has(path) ? 'origin' : DESTINATION_AMOUNTS.has(path) ? 'destination' : undefined
  if (!side || typeof value !== 'string' || !intent) return undefined
  const chainId = side === 'origin' ? intent.originChainId : intent.destinationChainId
  const token = side === 'origin' ? intent.originTokenAddress : intent.destinationTokenAddress
  const label = tokenOf(chainId, token)
  const decimals = label?.decimals ?? (side === 'origin' ? intent.depositTransaction?.decimals : undefined)
  if (decimals === undefined) return undefined
  return amountText({ raw: value, decimals, symbol: label?.symbol, tokenAddress: token, chain: chainName(chains, chainId) })
}
