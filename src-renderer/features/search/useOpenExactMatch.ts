import { useEffect } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import type { SearchViewModel } from './useSearchView'
import { intentPath } from '../../components/IntentLink'
import { useNavigateFromHere } from '../../lib/useNavigateFromHere'

/** Set on the search's URL once its exact match was opened, so coming back shows the result instead of opening it again. */
const OPENED_PARAM = 'opened'

/**
 * A pasted intent id or transaction hash that the service answers with exactly that one
 * intent opens it directly, with "Back to the search result" on the intent page. Only
 * when every reading has answered, only for a hash (an address names a wallet's many
 * intents), only once per search, and only while the person is still on the search.
 */
export function useOpenExactMatch(view: SearchViewModel): void {
  const navigateFromHere = useNavigateFromHere()
  const location = useLocation()
  const [params] = useSearchParams()
  const { plan, search } = view
  const already = params.has(OPENED_PARAM)
  const target = (() => {
    if (already || plan.mode !== 'universal' || plan.input.kind !== 'hash' || search.status !== 'done') return undefined
    // Not while a reading is out, nor when one failed: the result page says which.
    if (search.from === 'service' && (search.pending.length || search.failures.length)) return undefined
    if (search.hits.length !== 1) return undefined
    const hit = search.hits[0]!
    const exact = hit.intentId.toLowerCase() === plan.input.value.toLowerCase() || hit.matchedAs.includes('byTransactionHash')
    return exact ? hit.intentId : undefined
  })()
  useEffect(() => {
    if (!target) return
    const back = new URLSearchParams(params)
    back.set(OPENED_PARAM, '1')
    // One navigation: the search that named the intent becomes its page (a redirect), and
    // the result, marked opened, is where "Back to the search result" (`useBackTo`) goes.
    navigateFromHere(intentPath(target), { replace: true, state: { backTo: `${location.pathname}?${back.toString()}` } })
  }, [target, params, navigateFromHere, location.pathname])
}
