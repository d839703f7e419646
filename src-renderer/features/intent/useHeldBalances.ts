import { useEffect, useState } from 'react'
import type { Intent, IntentBalance, IntentStatus } from '@contract/service'
import { cacheHistoryPage, readHistoryEntry } from '../../db'
import { call } from '../../lib/call'
import { parseTime } from '../../lib/format'

/** Only these outcomes can leave funds at an intent address. */
const CAN_HOLD: ReadonlySet<IntentStatus | undefined> = new Set<IntentStatus | undefined>(['FAILED', 'ABORTED', 'REFUNDED'])

export interface HeldBalances {
  balances: readonly IntentBalance[] | undefined
  /** epoch ms of the answer the balances came from */
  fetchedAt?: number
  fromCache?: boolean
}

/**
 * Balances still held at a settled intent's addresses. GetIntentHistory is the only
 * operation that reports them and it has no intent-id filter, so the query is narrowed to
 * the owner and the second the intent was created (both ends inclusive), then matched by
 * id. Offline, or when the service cannot answer, the cached history entry speaks.
 */
export function useHeldBalances(profileId: string | undefined, intent: Intent | undefined, status: IntentStatus | undefined, offline: boolean): HeldBalances {
  const [held, setHeld] = useState<HeldBalances & { key?: string }>({ balances: undefined })
  const intentId = intent?.intentId
  const owner = intent?.ownerAddress
  const createdMs = parseTime(intent?.createdAt)
  const relevant = CAN_HOLD.has(status)
  const key = `${profileId}|${intentId}|${status}|${offline}`

  useEffect(() => {
    if (!profileId || !intentId || !relevant) return
    let live = true
    void (async () => {
      if (!offline && owner && createdMs !== undefined) {
        const second = Math.floor(createdMs / 1000)
        const r = await call('getIntentHistory', { byOwnerAddress: owner, fromTime: second, toTime: second, includeBalances: true })
        const entry = r.ok ? r.value.data.intents.find((e) => e.intentId === intentId || e.receipt?.intentId === intentId) : undefined
        if (r.ok && entry) {
          await cacheHistoryPage(r.value.source, [entry]).catch(() => undefined)
          if (live) setHeld({ key, balances: entry.balances ?? [], fetchedAt: r.value.source.fetchedAt })
          return
        }
      }
      const cached = await readHistoryEntry(profileId, intentId).catch(() => undefined)
      if (live) setHeld({ key, balances: cached?.entry.balances, fetchedAt: cached?.fetchedAt, fromCache: !!cached })
    })()
    return () => {
      live = false
    }
  }, [key, profileId, intentId, owner, createdMs, relevant, offline])

  return held.key === key ? held : { balances: undefined }
}
