import { isHash32 } from '@contract/formats'
import { bridgeCall } from '../../data/liveOrCached'
import { shortHex } from '../../lib/format'
import { useCacheStatus } from '../../stores/cache'

/** What is wrong with the typed id's form, if anything: the service is not asked about a malformed one. */
export function checkIntentId(text: string): string | undefined {
  const id = text.trim()
  if (!id) return 'Enter an intent id'
  if (!isHash32(id)) return 'An intent id is 0x followed by 64 hex digits.'
  return undefined
}

/**
 * Asks the service whether the intent exists (GetIntent) before it is watched, so an id
 * the service does not know is refused with a message instead of becoming a row that
 * "finishes" at once. Resolves to the reason to refuse, or null.
 */
export async function confirmIntentExists(intentId: string): Promise<string | null> {
  if (useCacheStatus.getState().forcedOffline)
    return 'Working offline: the service cannot confirm this intent exists. Turn off Work offline to add it.'
  const r = await bridgeCall('getIntent', { intentId })
  if (r.ok) return null
  if (r.error.kind === 'NotFound')
    return `The service of this profile knows no intent ${shortHex(intentId, 10, 6)}. Check the id, or switch to the profile it belongs to.`
  return `Could not confirm the intent exists: ${r.error.message}`
}
