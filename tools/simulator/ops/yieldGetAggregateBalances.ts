/**
 * YieldGetAggregateBalances: 1 to 25 queries, each `{address, network, yieldId?}`.
 * With a yieldId the answer has that market's entry (empty `balances` when the wallet
 * holds nothing there); without one, every market on the network the wallet holds.
 * Queries that cannot be answered land in `errors`: unknown yield ids, a yield on
 * another network, unsupported networks, malformed addresses, and UNAVAILABLE_YIELD_ID,
 * which always fails. The `payload` shape answers `{payload, errors}`, payload being a
 * JSON string of `{yieldId, address, network, amount, amountUsd}` records, one per
 * position (its active balance).
 */
import { Args } from '../args'
import { positionIn, holds, type Position } from '../balances'
import { chainByNetwork } from '../chains'
import type { OpRequest } from '../context'
import { invalidArgument } from '../errors'
import { UNAVAILABLE_YIELD_ID } from '../markets'
import { isEvmAddress } from '../../../src-shared/contract/formats'

export const MAX_BALANCE_QUERIES = 25

interface YieldError {
  yieldId: string
  error: string
}

export function yieldGetAggregateBalances({ ctx, args }: OpRequest) {
  const queries = args.array('queries')
  if (!queries || queries.length < 1 || queries.length > MAX_BALANCE_QUERIES)
    throw invalidArgument(`queries must hold 1 to ${MAX_BALANCE_QUERIES} entries`, 'queries')
  const pctx = { seed: ctx.seed, now: ctx.clock.now(), startAt: ctx.dataset.startAt }
  const found: { position: Position; address: string; network: string }[] = []
  const errors: YieldError[] = []

  queries.forEach((raw, i) => {
    const q = Args.of(raw, `queries[${i}]`)
    const address = q.requiredStr('address').toLowerCase()
    const network = q.requiredStr('network')
    const yieldId = q.text('yieldId')
    const fail = (error: string) => errors.push({ yieldId: yieldId ?? '', error })
    if (!chainByNetwork(network)) return fail(`unsupported network ${network}`)
    if (!isEvmAddress(address)) return fail(`${address} is not a valid address on ${network}`)
    if (yieldId === undefined) {
      for (const m of ctx.markets.all)
        if (m.chain.network === network && m.id !== UNAVAILABLE_YIELD_ID && holds(pctx, address, m)) found.push({ position: positionIn(pctx, address, m), address, network })
      return
    }
    const m = ctx.markets.byId.get(yieldId)
    if (!m) return fail('yield not found')
    if (m.chain.network !== network) return fail(`yield is on ${m.chain.network}, not ${network}`)
    if (m.id === UNAVAILABLE_YIELD_ID) return fail('yield provider temporarily unavailable')
    const position = positionIn(pctx, address, m)
    found.push({ position: holds(pctx, address, m) ? position : { ...position, balances: [] }, address, network })
  })

  if (ctx.shape === 'payload') {
    const records = found
      .filter((f) => f.position.balances.length > 0)
      .map(({ position, address, network }) => ({ yieldId: position.yieldId, address, network, amount: position.balances[0].amount, amountUsd: position.balances[0].amountUsd }))
    return { payload: JSON.stringify(records), errors }
  }
  return { items: found.map((f) => f.position), errors }
}
