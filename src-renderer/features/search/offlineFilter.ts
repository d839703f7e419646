import type { SearchIntentsRequest } from '@contract/service'
import { PROJECT_FILTER_CAVEAT, type OfflineIntentFilter } from '../../db'
import { FIELD_BY_KEY, filledKeys, type SearchFilterKey } from './filters'

const ANY_ROLE = new Set<SearchFilterKey>(['byOriginIntentAddress', 'byDestinationIntentAddress', 'byEdgeAddress'])

/** How the cache answers a filter it cannot apply as the service does. */
const CAVEATS: Partial<Record<SearchFilterKey, string>> = {
  byProjectId: PROJECT_FILTER_CAVEAT,
  byTransactionHash: 'The cache knows an intent’s transaction hashes only once its receipt or history entry was cached.',
  byEdgeRail: `The ${FIELD_BY_KEY.byEdgeRail.noun} is matched as a word of the cached intent (its rail, tokens, providers…).`,
  byEdgeMode: 'The cache does not record an edge’s direction, so the edge direction filter is not applied.',
  byQueryString:
    'Text matches the beginnings of ids, hashes, addresses, token symbols, providers and memo words of cached intents; the service may match differently.',
}

/**
 * The same search against the cache. The cache indexes ids, hashes, addresses and words
 * of what it holds, not every relation the service knows, so some filters are answered
 * approximately; each such filter comes with a sentence saying how.
 */
export function offlineSearchFor(request: SearchIntentsRequest): { filter: OfflineIntentFilter; caveats: string[] } {
  const filter: OfflineIntentFilter = {}
  const caveats: string[] = []
  const terms: string[] = []
  for (const key of filledKeys(request)) {
    const value = String(request[key])
    if (key === 'byIntentId') filter.intentId = value
    else if (key === 'byOwnerAddress') filter.owner = value
    else if (key === 'byProjectId') filter.projectId = Number(value)
    else if (key === 'byTransactionHash') filter.txHash = value
    // One address is looked up directly; further ones, the edge network and text must match as search terms.
    else if (ANY_ROLE.has(key) && filter.address === undefined) filter.address = value
    else if (key !== 'byEdgeMode') terms.push(value)
    if (CAVEATS[key]) caveats.push(CAVEATS[key])
  }
  const anyRole = filledKeys(request).filter((k) => ANY_ROLE.has(k))
  if (anyRole.length)
    caveats.push(
      `The cache matches the ${anyRole.map((k) => FIELD_BY_KEY[k].noun).join(' and ')} in any role (owner, recipient, intent or edge address), so it may list a few intents the service would not.`,
    )
  if (terms.length) filter.text = terms.join(' ')
  return { filter, caveats }
}
