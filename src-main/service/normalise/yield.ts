import { z } from 'zod'
import {
  YieldGetAggregateBalancesResponseSchema,
  YieldGetMarketsResponseSchema,
  YieldMarketSchema,
  amount,
  decimalText,
  obj,
  opt,
  text,
  type YieldBalance,
  type YieldBalances,
  type YieldGetAggregateBalancesResponse,
  type YieldGetMarketsRequest,
  type YieldGetMarketsResponse,
  type Decoded,
} from '../../../src-shared/contract/service'
import { orElse } from '../../../src-shared/contract/errors'
import { parseJsonLossless } from '../../../src-shared/contract/losslessJson'
import { decodeAnswer, failAt } from './decode'
import { decodePlain } from './plainRead'

/**
 * The yield operations answer in one of two forms the spec shows side by side: the
 * response shape (`items`, …) or `{ payload: "<JSON text>" }`. Both fold into the
 * response shape here.
 */

/** The payload's JSON, read losslessly; `undefined` when the answer is in the response shape. */
function payloadOf(body: unknown): Decoded<unknown> | undefined {
  if (!body || typeof body !== 'object' || !('payload' in body) || 'items' in body) return undefined
  const payload = (body as { payload: unknown }).payload
  // Already read at the wire edge when the dialect renamed fields inside it.
  if (Array.isArray(payload) || (typeof payload === 'object' && payload !== null)) return { ok: true, value: payload }
  if (typeof payload !== 'string') return failAt('payload', 'expected a string holding JSON')
  return orElse<Decoded<unknown>>(() => ({ ok: true, value: parseJsonLossless(payload) }), failAt('payload', 'the string does not hold valid JSON'))
}

const YieldMarketListSchema = z.array(YieldMarketSchema)

/**
 * Markets: the payload holds a JSON array of markets (as the prose says) or, tolerated,
 * a whole page object. A bare array says nothing about paging, so `offset` and `limit`
 * come from the request and `total` stays unknown. A page exactly as the schema expects
 * is read by the plain reader (`plainRead.ts`), anything else by the schema: the same
 * value either way.
 */
export function decodeYieldMarkets(body: unknown, request: YieldGetMarketsRequest): Decoded<YieldGetMarketsResponse> {
  const payload = payloadOf(body)
  if (!payload) return decodePlain(YieldGetMarketsResponseSchema, body)
  if (!payload.ok) return payload
  if (!Array.isArray(payload.value)) return decodePlain(YieldGetMarketsResponseSchema, payload.value, ['payload'])
  const items = decodePlain(YieldMarketListSchema, payload.value, ['payload'])
  if (!items.ok) return items
  return {
    ok: true,
    value: { items: items.value, offset: request.offset ?? 0, limit: request.limit ?? items.value.length },
  }
}

/** One flat record of the balances payload: a wallet's position in one yield. */
const BalanceRecordSchema = obj({
  yieldId: opt(text),
  address: opt(text),
  network: opt(text),
  amount: opt(amount),
  amountUsd: opt(decimalText),
})

/**
 * Balances: the payload holds flat records `{yieldId, address, network, amount,
 * amountUsd}` (as the prose says) or, tolerated, an `{items, errors}` object. Records are
 * grouped by `yieldId` in order of first appearance; each becomes a Balance carrying the
 * record's other fields (`network` included, which the response shape would carry in
 * `token.network`). Per-yield errors, which the records cannot express, are taken from
 * an `errors` list beside the payload when there is one.
 */
export function decodeYieldBalances(body: unknown): Decoded<YieldGetAggregateBalancesResponse> {
  const payload = payloadOf(body)
  if (!payload) return decodeAnswer(YieldGetAggregateBalancesResponseSchema, body)
  if (!payload.ok) return payload
  if (!Array.isArray(payload.value)) {
    return decodeAnswer(YieldGetAggregateBalancesResponseSchema, payload.value, ['payload'])
  }
  const records = decodeAnswer(z.array(BalanceRecordSchema), payload.value, ['payload'])
  if (!records.ok) return records
  const errors = decodeAnswer(YieldGetAggregateBalancesResponseSchema.shape.errors, (body as { errors?: unknown }).errors ?? [], ['errors'])
  if (!errors.ok) return errors
  const groups = new Map<string | undefined, YieldBalance[]>()
  for (const { yieldId, ...balance } of records.value) {
    const group = groups.get(yieldId)
    if (group) group.push(balance)
    else groups.set(yieldId, [balance])
  }
  const items: YieldBalances[] = [...groups].map(([yieldId, balances]) => ({
    ...(yieldId !== undefined && { yieldId }),
    balances,
  }))
  return { ok: true, value: { items, errors: errors.value } }
}
