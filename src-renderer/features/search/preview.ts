import type { GetIntentHistoryRequest, IntentHistoryEntry } from '@contract/service'
import { rowOfHistoryEntry } from '../../db'
import { hitFromCachedRow, type SearchHit } from './hits'
import type { Candidate } from './plan'

/**
 * A first screen for a search by wallet. SearchIntents answers an owner whole, up to 500
 * full intents (some 4 MB to read, check, pass over the bridge and draw); the wallet's
 * newest 20 come from one small GetIntentHistory page, the call History makes, so they
 * show while the full answer is still on its way. The full answer then replaces them
 * (it holds them too).
 */

/** Rows of the first screen. */
const PREVIEW_ROWS = 20

/** The candidate a preview stands in for until its own answer arrives. */
export const PREVIEWED_AS = 'byOwnerAddress'

/** The history page that previews the universal box's owner search, if the plan has one. */
export function previewRequest(candidates: readonly Candidate[]): GetIntentHistoryRequest | undefined {
  const owner = candidates.find((c) => c.as === PREVIEWED_AS)
  const address = owner?.request.byOwnerAddress
  if (!address) return undefined
  return {
    byOwnerAddress: address,
    page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }], pageSize: PREVIEW_ROWS },
  }
}

/** The preview's rows; merged with the searches' answers (`mergeHits`), they read as found by owner. */
export const previewHits = (entries: readonly IntentHistoryEntry[], fetchedAt: number): SearchHit[] =>
  entries.flatMap((entry) => {
    const row = rowOfHistoryEntry(entry, fetchedAt)
    return row ? [hitFromCachedRow(row)] : []
  })
