import type { SearchIntentsRequest } from '@contract/service'
import { PROJECT_FILTER_CAVEAT, type OfflineIntentFilter } from '../../db'
import { FIELD_BY_KEY, filledKeys, type SearchFilterKey } from './filters'

/**
 * The same search against the cache. The cache indexes ids, hashes, addresses and words
 * of what it holds, not every relation the service knows, so some filters are answered
 * approximately; each such filter comes with a sentence saying how.
 */
interface OfflineSearch {
  filter: OfflineIntentFilter
  caveats: string[]
}

const ANY_ROLE = new Set<SearchFilterKey>(['byOriginIntentAddress', 'byDestinationIntentAddress', 'byEdgeAddress'])

export function offlineSearchFor(request: SearchIntentsRequest): OfflineSearch {
  const filter: OfflineIntentFilter = {}
  const caveats: string[] = []
  const terms: string[] = []
  for (const key of filledKeys(request)) {
    const value = String(request[key])
    const noun = FIELD_BY_KEY[key].noun
    switch (key) {
      case 'byIntentId':
        filter.intentId = value
        break
      case 'byOwnerAddress':
        filter.owner = value
        break
      case 'byProjectId':
        filter.projectId = Number(value)
        caveats.push(PROJECT_FILTER_CAVEAT)
        break
      case 'byTransactionHash':
        filter.txHash = value
        caveats.push('The cache knows an intent’s transaction hashes only once its receipt or history entry was cached.')
        break
      case 'byOriginIntentAddress':
      case 'byDestinationIntentAddress':
      case 'byEdgeAddress':
        // One address is looked up directly; further ones must match as search terms.
        if (filter.address === undefined) filter.address = value
        else terms.push(value)
        break
      case 'byEdgeRail':
        terms.push(value)
        caveats.push(`The ${noun} is matched as a word of the cached intent (its rail, tokens, providers…).`)
        break
      case 'byEdgeMode':
        caveats.push('The cache does not record an edge’s direction, so the edge direction filter is not applied.')
        break
      case 'byQueryString':
        terms.push(value)
        caveats.push(
          'Text matches the beginnings of ids, hashes, addresses, token symbols, providers and memo words of cached intents; the service may match differently.',
        )
        break
    }
  }
  const anyRole = filledKeys(request).filter((k) => ANY_ROLE.has(k))
  if (anyRole.length)
    caveats.push(
      `The cache matches the ${anyRole.map((k) => FIELD_BY_KEY[k].noun).join(' and ')} in any role (owner, recipient, intent or edge address), so it may list a few intents the service would not.`,
    )
  if (terms.length) filter.text = terms.join(' ')
  return { filter, caveats }
}
