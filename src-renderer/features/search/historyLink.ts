import type { SearchIntentsRequest } from '@contract/service'
import { filledKeys, type SearchFilterKey } from './filters'

/**
 * The History view pages through GetIntentHistory, so it lists what SearchIntents cuts
 * off at its cap. These SearchIntents filters have a History filter of the same meaning,
 * under History's URL parameter (`features/history/filters.ts`, "URL").
 */
const HISTORY_PARAM: Partial<Record<SearchFilterKey, string>> = {
  byOwnerAddress: 'owner',
  byProjectId: 'project',
  byEdgeAddress: 'edge',
  byEdgeRail: 'rail',
  byEdgeMode: 'mode',
}

/** History's link for the same search, or undefined when a filter has no History equivalent. */
export function historyLinkFor(request: SearchIntentsRequest): string | undefined {
  const keys = filledKeys(request)
  if (!keys.length || keys.some((k) => !HISTORY_PARAM[k])) return undefined
  const params = new URLSearchParams()
  for (const k of keys) params.set(HISTORY_PARAM[k]!, String(request[k]))
  return `/history?${params}`
}
