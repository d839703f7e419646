import { useEffect } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import type { SearchViewModel } from './useSearchView'
import { intentPath } from '../../components/IntentLink'

/** Set on the search's URL once its exact match was opened, so coming back shows the result instead of opening it again. */
const OPENED_PARAM = 'opened'

/**
 * A pasted intent id or transaction hash that the service answers with exactly that one
 * intent opens it directly, with "Back to the search result" on the intent page. Only
 * when every reading has answered, only for a hash (an address names a wallet's many
 * intents), and only once per search.
 */
export function useOpenExactMatch(view: SearchViewModel): void {
  const navigate = useNavigate()
  const location = useLocation()
  const [params, setParams] = useSearchParams()
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
    setParams(back, { replace: true })
    // Where the intent page's "Back to the search result" link goes (its `useBackTo`).
    navigate(intentPath(target), { state: { backTo: `${location.pathname}?${back.toString()}` } })
  }, [target, params, setParams, navigate, location.pathname])
}
