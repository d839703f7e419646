import { useEffect, useRef, useState } from 'react'
import { countOf } from '../../lib/format'
import { showPageNotification } from '../../lib/pageNotification'

/**
 * Intent ids that joined the queue since it was first shown, and a desktop notification
 * for each arrival where the page may notify (the browser host after the person allowed
 * it; an app whose window may not notify still gets the in-page notice).
 */
export function useNewItems(profileId: string | undefined, ids: readonly string[] | undefined): string[] {
  const seen = useRef<{ profileId?: string; ids: Set<string> } | null>(null)
  const [fresh, setFresh] = useState<string[]>([])
  useEffect(() => {
    if (!ids) return
    if (!seen.current || seen.current.profileId !== profileId) {
      seen.current = { profileId, ids: new Set(ids) }
      setFresh([])
      return
    }
    const arrived = ids.filter((id) => !seen.current!.ids.has(id))
    for (const id of arrived) seen.current.ids.add(id)
    if (!arrived.length) return
    setFresh((f) => [...f, ...arrived])
    showPageNotification({ title: 'Needs attention', body: `${countOf(arrived.length, 'new intent')} in the queue` }, 'attention')
  }, [profileId, ids])
  return fresh
}
