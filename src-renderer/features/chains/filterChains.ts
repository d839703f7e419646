import type { ChainInfo } from '@contract/service'

/**
 * Chains whose name contains the text (any case) or whose id is the number typed; an id
 * prefix also matches, so "421" finds 42161 and 421614 while the user is still typing.
 */
export function filterChains(chains: readonly ChainInfo[], text: string): ChainInfo[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return [...chains]
  const isId = /^\d+$/.test(needle)
  return chains.filter((c) => c.name.toLowerCase().includes(needle) || (isId && String(c.id).startsWith(needle)))
}
