import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { SvcError } from '@contract/errors'
import type { QuoteIntentRequest, QuoteIntentResponse } from '@contract/service'
import { bridgeData } from '../../data/liveOrCached'
import { useTokenCatalog, type TokenChoice } from '../../data/reference/knownTokens'
import { useLearnTokens } from '../../data/reference/tokens'
import { intentTokenMetadata } from '../../lib/intentRoute'
import { baseUnitsHint, checkQuoteDraft, DEFAULT_QUOTE_DRAFT, tokenAfterChainChange, type DraftTokens, type QuoteDraft, type QuoteField } from './quoteForm'

export type Side = 'origin' | 'destination'

export const CHAIN_FIELD = { origin: 'originChainId', destination: 'destinationChainId' } as const
export const TOKEN_FIELD = { origin: 'originTokenAddress', destination: 'destinationTokenAddress' } as const

/** What a picked token is, for the labels store (so the quote's amounts read with symbols everywhere). */
const asMetadata = (t: TokenChoice | undefined) => (t ? [{ chainId: t.chainId, tokenAddress: t.address, symbol: t.symbol, decimals: t.decimals }] : [])

/**
 * The Quote helper's view model: the draft, the tokens offered on each chain, the check
 * of what was typed, and QuoteIntent as a mutation (written through to the cache by
 * `bridgeData`).
 */
export function useQuoteForm() {
  const [draft, setDraft] = useState<QuoteDraft>(DEFAULT_QUOTE_DRAFT)
  const [submitted, setSubmitted] = useState(false)
  const learn = useLearnTokens()
  const catalog = useTokenCatalog()
  const chainOf = (side: Side) => Number(draft[CHAIN_FIELD[side]]) || undefined
  const choices = { origin: catalog.choicesOn(chainOf('origin')), destination: catalog.choicesOn(chainOf('destination')) }
  const tokens: DraftTokens = {
    origin: catalog.find(chainOf('origin'), draft.originTokenAddress),
    destination: catalog.find(chainOf('destination'), draft.destinationTokenAddress),
  }
  const checked = checkQuoteDraft(draft, tokens)
  const errors: Partial<Record<QuoteField, string>> = submitted && !checked.ok ? checked.errors : {}

  const mutation = useMutation<QuoteIntentResponse, SvcError, QuoteIntentRequest>({
    mutationFn: async (request) => (await bridgeData('quoteIntent', request)).data,
    onSuccess: (answer) => {
      learn([...asMetadata(tokens.origin), ...asMetadata(tokens.destination), ...intentTokenMetadata(answer.intent, answer.gasFeeOptions ?? answer.intent.gasFeeOptions)])
    },
  })

  const set = <K extends QuoteField>(key: K, value: QuoteDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))
  const setChain = (side: Side, chainId: string) => {
    const token = tokenAfterChainChange(tokens[side], catalog.choicesOn(Number(chainId) || undefined))
    setDraft((d) => ({ ...d, [CHAIN_FIELD[side]]: chainId, [TOKEN_FIELD[side]]: token }))
  }

  const quote = (e?: FormEvent) => {
    e?.preventDefault()
    setSubmitted(true)
    if (checked.ok) mutation.mutate(checked.request)
  }

  return {
    draft,
    set,
    setChain,
    choices,
    tokens,
    errors,
    amountHint: baseUnitsHint(checked.ok ? checked.request : undefined),
    quote,
    busy: mutation.isPending,
    failure: mutation.error,
    answer: mutation.isPending ? undefined : mutation.data,
    sent: mutation.variables,
    catalog,
  }
}

export type QuoteFormModel = ReturnType<typeof useQuoteForm>
