import { useCallback, useEffect, useRef, useState } from 'react'
import type { SvcError } from '@contract/errors'
import { loadFromCache, loadFromService } from './load'
import type { Candidate } from './queue'

/** How often the queue asks again by itself. */
export const REFRESH_MS = 60_000

export interface AttentionData {
  status: 'loading' | 'ready'
  candidates: Candidate[]
  fromCache: boolean
  /** epoch ms of the last load */
  loadedAt?: number
  error?: SvcError
  reload(): void
}

/**
 * The queue's raw material: from the service (falling back to the cache when it fails)
 * or, offline, from the cache; loaded again every minute and on demand.
 */
export function useAttentionData(profileId: string | undefined, offline: boolean): AttentionData {
  const [state, setState] = useState<Omit<AttentionData, 'reload'>>({ status: 'loading', candidates: [], fromCache: offline })
  const [nonce, setNonce] = useState(0)
  const seq = useRef(0)

  useEffect(() => {
    if (!profileId) return
    const mine = ++seq.current
    setState((s) => ({ ...s, status: 'loading' }))
    void (async () => {
      const now = Date.now()
      let error: SvcError | undefined
      let candidates: Candidate[] | undefined
      if (!offline) ({ candidates, error } = await loadFromService(now))
      const fromCache = offline || (!!error && !candidates?.length)
      let fetchedAt: number | undefined = now
      if (fromCache) ({ candidates, fetchedAt } = await loadFromCache(profileId, now).catch(() => ({ candidates: [], fetchedAt: undefined })))
      if (mine !== seq.current) return
      // From the cache, the age shown is the oldest fetch from the service, never the read.
      setState({ status: 'ready', candidates: candidates!, fromCache, loadedAt: fetchedAt, error })
    })()
    const timer = setTimeout(() => setNonce((n) => n + 1), REFRESH_MS)
    return () => clearTimeout(timer)
  }, [profileId, offline, nonce])

  const reload = useCallback(() => setNonce((n) => n + 1), [])
  return { ...state, reload }
}
