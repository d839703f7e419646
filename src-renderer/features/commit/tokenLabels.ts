import type { Intent } from '@contract/service'
import type { TokenCatalog } from '../../data/reference/knownTokens'
import { intentRoute, type RouteLeg } from '../../lib/intentRoute'

/**
 * An intent's route with each leg's token symbol and decimals filled in from what the app
 * knows (learnt labels, the well-known tokens, the chain's native coin), so a quote reads
 * "24.93959 USDC" and not "24,939,590 0xaf88…5831". What the answer itself stated wins.
 */
export function labelledRoute(intent: Intent, catalog: TokenCatalog): { from: RouteLeg; to: RouteLeg } {
  const label = (leg: RouteLeg): RouteLeg => {
    const known = catalog.find(leg.chainId, leg.tokenAddress)
    return known ? { ...leg, symbol: leg.symbol ?? known.symbol, decimals: leg.decimals ?? known.decimals } : leg
  }
  const { from, to } = intentRoute(intent)
  return { from: label(from), to: label(to) }
}
