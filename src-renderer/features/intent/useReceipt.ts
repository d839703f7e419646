import { useCallback, useEffect, useRef, useState } from 'react'
import type { SvcError } from '@contract/errors'
import type { IntentReceipt } from '@contract/service'
import { cacheReceipt, readHistoryEntry, readReceipt } from '../../db'
import { call } from '../../lib/call'
import { useWatch } from '../watch'

export interface ShownReceipt {
  receipt: IntentReceipt
  /** epoch ms: when it was fetched, or when the watch last heard from the service */
  fetchedAt: number
  origin: 'service' | 'cache' | 'live'
  /** A cached receipt that came inside a history entry rather than a receipt fetch. */
  viaHistory?: boolean
}

export interface ReceiptState {
  status: 'loading' | 'ready'
  shown?: ShownReceipt
  /** Why the service gave no receipt (absent when offline by choice). */
  error?: SvcError
  reload(): void
}

async function cachedReceipt(profileId: string, intentId: string): Promise<ShownReceipt | undefined> {
  const [hit, entry] = await Promise.all([readReceipt(profileId, intentId), readHistoryEntry(profileId, intentId)]).catch(
    () => [undefined, undefined] as const,
  )
  if (!hit) return undefined
  return { receipt: hit.receipt, fetchedAt: hit.fetchedAt, origin: 'cache', viaHistory: entry?.fetchedAt === hit.fetchedAt && !!entry.entry.receipt }
}

/**
 * The intent's receipt. GetIntentReceipt first (written through); a service that lacks it
 * or does not know the intent, or being offline, falls back to the newest cached receipt
 * (a receipt fetch or a history entry). While the intent is watched, the watch's live
 * receipt replaces either.
 */
export function useReceipt(profileId: string | undefined, intentId: string, offline: boolean): ReceiptState {
  const key = `${profileId}|${intentId}`
  // Tagged with the request it answers, so another intent's receipt is never shown.
  const [state, setState] = useState<Omit<ReceiptState, 'reload'> & { key?: string }>({ status: 'loading' })
  const [nonce, setNonce] = useState(0)
  const seq = useRef(0)
  const watch = useWatch(intentId)

  useEffect(() => {
    if (!profileId || !intentId) return
    const mine = ++seq.current
    const current = () => mine === seq.current
    setState((s) => ({ ...s, status: 'loading' }))
    void (async () => {
      let error: SvcError | undefined
      if (!offline) {
        const r = await call('getIntentReceipt', { intentId })
        if (!current()) return
        if (r.ok) {
          await cacheReceipt(r.value.source, r.value.data)
          if (current()) setState({ key, status: 'ready', shown: { receipt: r.value.data, fetchedAt: r.value.source.fetchedAt, origin: 'service' } })
          return
        }
        error = r.error
      }
      const cached = await cachedReceipt(profileId, intentId)
      if (current()) setState({ key, status: 'ready', shown: cached, error })
    })()
  }, [key, profileId, intentId, offline, nonce])

  const reload = useCallback(() => setNonce((n) => n + 1), [])
  const live =
    watch?.receipt && watch.profileId === profileId
      ? { receipt: watch.receipt, fetchedAt: watch.lastUpdateAt ?? watch.addedAt, origin: 'live' as const }
      : undefined
  const mine = state.key === key
  return { status: mine ? state.status : 'loading', error: mine ? state.error : undefined, shown: live ?? (mine ? state.shown : undefined), reload }
}
