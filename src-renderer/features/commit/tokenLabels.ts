import type { TokenCatalog } from '../../data/reference/knownTokens'
import type { RouteLeg } from '../../lib/intentRoute'

/**
 * A route leg with its token's symbol and decimals filled in from what the app knows
 * (learnt labels, the well-known tokens, the chain's native coin), so a quote reads
 * "24.93959 USDC" and not "24,939,590 0xaf88…5831". What the answer itself stated wins.
 */
export function labelledLeg(leg: RouteLeg, catalog: TokenCatalog): RouteLeg {
  const known = catalog.find(leg.chainId, leg.tokenAddress)
  if (!known) return leg
  return { ...leg, symbol: leg.symbol ?? known.symbol, decimals: leg.decimals ?? known.decimals }
}

export const labelledRoute = (route: { from: RouteLeg; to: RouteLeg }, catalog: TokenCatalog) => ({
  from: labelledLeg(route.from, catalog),
  to: labelledLeg(route.to, catalog),
})
