import { useEffect } from 'react'
import type { TokenMetadata } from '@contract/service'
import { tokenLabel, tokenLabelKey } from '../../lib/displaySources'
import type { RouteLeg } from '../../lib/intentRoute'
import { bridgeCall } from '../liveOrCached'
import { useProfileId } from '../useServiceQuery'
import { learnTokens, useTokenLabels } from './tokens'

/** An intent and the two legs of its route, as shown in a list or a detail. */
interface IntentLegs {
  intentId: string
  from: RouteLeg
  to: RouteLeg
}

/** Receipts fetched per list, at most: enough for the few tokens a search shows. */
const MAX_LABEL_LOOKUPS = 8

/** Tokens already asked about this session, whatever the answer: never asked twice. */
const asked = new Set<string>()

/**
 * Intents name tokens by address only; a receipt's summary carries both route tokens'
 * symbol and decimals. For each token shown that nothing has labelled yet, one receipt
 * of an intent using it is fetched (and cached), which labels that token everywhere.
 * Failures are left alone: the amount then shows in base units with the address.
 */
export function useRouteTokenLabels(intents: readonly IntentLegs[], enabled: boolean): void {
  const byKey = useTokenLabels()
  const profileId = useProfileId()
  useEffect(() => {
    if (!enabled || profileId === undefined) return
    const wanted = new Map<string, string>()
    for (const intent of intents)
      for (const leg of [intent.from, intent.to]) {
        if (!leg.tokenAddress || leg.symbol || tokenLabel(byKey, leg.chainId, leg.tokenAddress)?.symbol) continue
        const key = `${profileId}|${tokenLabelKey(leg.chainId, leg.tokenAddress)}`
        if (intent.intentId && !asked.has(key) && !wanted.has(key) && wanted.size < MAX_LABEL_LOOKUPS) wanted.set(key, intent.intentId)
      }
    if (!wanted.size) return
    for (const key of wanted.keys()) asked.add(key)
    for (const intentId of new Set(wanted.values()))
      void bridgeCall('getIntentReceipt', { intentId }).then((r) => {
        if (!r.ok) return
        const { summary, edge } = r.value.data
        const on = (meta: TokenMetadata | undefined, chainId: number | undefined) => meta && { ...meta, chainId: meta.chainId ?? chainId }
        learnTokens(profileId, [
          on(summary?.originTokenMetadata, summary?.originChainId ?? r.value.data.originChainId),
          on(summary?.destinationTokenMetadata, summary?.destinationChainId ?? r.value.data.destinationChainId),
          edge?.edgeTokenMetadata,
        ])
      })
  }, [intents, enabled, byKey, profileId])
}
