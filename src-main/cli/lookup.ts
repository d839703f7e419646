import { isSvcFailure } from '../../src-shared/contract/errors'
import type { Intent, SearchIntentsRequest } from '../../src-shared/contract/service'
import type { SvcClient } from '../service/client'
import { isEvmAddress, isHash32 } from '../../src-shared/contract/formats'

export interface LookupResult {
  intents: Intent[]
  /** Which filters found something, e.g. ["intent id"] or ["owner", "origin intent address"]. */
  matchedBy: string[]
}

type Probe = { label: string; run: (c: SvcClient) => Promise<Intent[]> }

const search = (label: string, request: SearchIntentsRequest): Probe => ({
  label,
  run: async (c) => (await c.searchIntents(request)).intents,
})

/** GetIntent, with "no such intent" as an empty answer rather than an error. */
const byIntentId = (key: string): Probe => ({
  label: 'intent id',
  run: async (c) => {
    try {
      return [(await c.getIntent({ intentId: key })).intent]
    } catch (e) {
      if (isSvcFailure(e) && e.error.kind === 'NotFound') return []
      throw e
    }
  },
})

/**
 * Whether the text has a key's shape: 32-byte hex (an intent id or a transaction hash) or
 * 20-byte hex (an owner or an intent address). Nothing else is looked up: a free-text
 * search matches by substring and would name unrelated intents.
 */
export const isLookupKey = (key: string): boolean => isHash32(key) || isEvmAddress(key)

/** Every reading of the key's shape (`isLookupKey`), all tried: the service says which match. */
export function probesFor(key: string): Probe[] {
  if (isHash32(key)) return [byIntentId(key), search('transaction hash', { byTransactionHash: key })]
  if (isEvmAddress(key)) {
    return [
      search('owner', { byOwnerAddress: key }),
      search('origin intent address', { byOriginIntentAddress: key }),
      search('destination intent address', { byDestinationIntentAddress: key }),
    ]
  }
  return []
}

/** Runs every reading of the key at once and merges the intents found, each once, newest first. */
export async function lookup(client: SvcClient, key: string): Promise<LookupResult> {
  const probes = probesFor(key)
  const answers = await Promise.all(probes.map((p) => p.run(client)))
  const byId = new Map<string, Intent>()
  const matchedBy: string[] = []
  answers.forEach((intents, i) => {
    if (intents.length) matchedBy.push(probes[i].label)
    for (const intent of intents) {
      const id = intent.intentId ?? String(intent.id)
      if (!byId.has(id)) byId.set(id, intent)
    }
  })
  const intents = [...byId.values()].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))
  return { intents, matchedBy }
}
