/**
 * Operations the deployed service answers beyond the spec (its published client lists
 * them): Ping, RuntimeStatus, Clock, GetTokenPrices, AbortIntent, the deprecated
 * GetIntentTransactionHistory, and GetExactInputRoutes / GetExactOutputRoutes. Served in
 * either wire form; `extras: false` serves a service without them.
 */
import { CHAINS } from '../chains'
import type { OpRequest } from '../context'
import { SimError, invalidArgument } from '../errors'
import { tokenByAddress, tokensOn } from '../tokens'
import { requireIntent } from './lookup'

const STARTED_AT = new Date()

export const ping = () => ({ status: true })

export function runtimeStatus({ ctx }: OpRequest) {
  return {
    status: {
      healthOK: true,
      startTime: STARTED_AT.toISOString(),
      uptime: Math.round((Date.now() - STARTED_AT.getTime()) / 1000),
      ver: 'simulator',
      branch: 'main',
      commitHash: `seed-${ctx.seed}`,
      checks: {},
      numTxnsRelayed: {},
    },
  }
}

/** The service's own time: the simulated clock, which tests may move away from the machine's. */
export const clock = ({ ctx }: OpRequest) => ({ serverTime: new Date(ctx.clock.now()).toISOString() })

/** Prices of the tokens asked for (all known tokens when none is asked), in USD. */
export function getTokenPrices({ ctx, args }: OpRequest) {
  const asked = args.array('tokens')
  const updatedAt = new Date(ctx.clock.now()).toISOString()
  const refs = asked
    ? asked.map((t, i) => {
        const a = (t ?? {}) as { chainId?: unknown; contractAddress?: unknown }
        if (typeof a.chainId !== 'number' || typeof a.contractAddress !== 'string') throw invalidArgument(`tokens[${i}] needs chainId and contractAddress`, `tokens[${i}]`)
        return { chainId: a.chainId, contractAddress: a.contractAddress }
      })
    : CHAINS.flatMap((c) => tokensOn(c.id).map((t) => ({ chainId: c.id, contractAddress: t.address })))
  const tokenPrices = refs.flatMap((ref) => {
    const def = tokenByAddress(ref.chainId, ref.contractAddress)
    return def ? [{ token: ref, price: { value: def.priceUsd, currency: 'USD' }, updatedAt }] : []
  })
  return { tokenPrices }
}

/** Calls off a quoted or committed intent; one under way or settled cannot be aborted. */
export function abortIntent({ ctx, args }: OpRequest) {
  const r = requireIntent(ctx.dataset, args)
  if (r.status !== 'QUOTED' && r.status !== 'COMMITTED') throw new SimError('IntentStatus', `intent is ${r.status}; only a QUOTED or COMMITTED intent can be aborted`, 'intentId')
  ctx.lifecycle.abort(r)
  return { intentId: r.intentId, status: r.status }
}

/** Deprecated on the service (GetIntentHistory replaces it): answers an empty list. */
export const getIntentTransactionHistory = () => ({ transactions: [] })

/** The tokens a route can start from (exact input) or end in (exact output) on a chain. */
function routes({ args }: OpRequest, side: 'origin' | 'destination') {
  const chainId = args.int(`${side}ChainId`, 1)
  const chains = chainId === undefined ? CHAINS : CHAINS.filter((c) => c.id === chainId)
  return { tokens: chains.flatMap((c) => tokensOn(c.id).map((t) => ({ chainId: c.id, contractAddress: t.address, symbol: t.symbol, decimals: t.decimals }))) }
}
export const getExactInputRoutes = (req: OpRequest) => routes(req, 'origin')
export const getExactOutputRoutes = (req: OpRequest) => routes(req, 'destination')
