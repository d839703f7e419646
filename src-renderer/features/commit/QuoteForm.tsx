import { useMemo, useState, type FormEvent } from 'react'
import type { SvcError } from '@contract/errors'
import type { QuoteIntentResponse } from '@contract/service'
import { ChainSelect } from '../../components/ChainSelect'
import { ErrorNotice } from '../../components/ErrorNotice'
import { FormField } from '../../components/FormField'
import { Route } from '../../components/Route'
import { cacheIntents } from '../../db'
import { call } from '../../data/call'
import { formatAmount, parseTime, formatAge } from '../../lib/format'
import { intentRoute, intentTokenMetadata } from '../../lib/intentRoute'
import { useChain } from '../../data/reference/chains'
import { tokenLabel, useLearnTokens, useTokenLabels } from '../../data/reference/tokens'
import { checkQuoteDraft, DEFAULT_QUOTE_DRAFT, type QuoteDraft, type QuoteField } from './quoteForm'

const NATIVE = '0x0000000000000000000000000000000000000000'

/** Tokens the app knows on a chain: its native coin, and every token it has seen labelled. */
function useTokenSuggestions(chainId: string) {
  const tokens = useTokenLabels()
  const chain = useChain(Number(chainId))
  return useMemo(() => {
    const out = new Map<string, string>()
    if (chain) out.set(NATIVE, `${chain.nativeCurrency.symbol} (native)`)
    for (const [key, label] of tokens) {
      const [cid, address] = key.split(':')
      if (cid === chainId && label.symbol) out.set(address, label.symbol)
    }
    return [...out]
  }, [tokens, chain, chainId])
}

type ControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }

/** A token address, with the tokens the app knows on the chain offered as suggestions. */
function TokenInput({
  listId,
  chainId,
  value,
  onChange,
  ...control
}: { listId: string; chainId: string; value: string; onChange: (v: string) => void } & ControlProps) {
  const suggestions = useTokenSuggestions(chainId)
  return (
    <>
      <input {...control} list={listId} value={value} placeholder="0x… token contract" spellCheck={false} onChange={(e) => onChange(e.target.value.trim())} />
      <datalist id={listId}>
        {suggestions.map(([address, symbol]) => (
          <option key={address} value={address}>
            {symbol}
          </option>
        ))}
      </datalist>
    </>
  )
}

/** "= 25 USDC" for a base-unit amount, once the token's decimals are known. */
function useAmountHint(chainId: string, token: string, raw: string): string | undefined {
  const label = tokenLabel(useTokenLabels(), Number(chainId), token)
  if (!/^\d+$/.test(raw) || label?.decimals === undefined) return undefined
  return `= ${formatAmount(raw, label.decimals)}${label.symbol ? ` ${label.symbol}` : ''}`
}

/**
 * QuoteIntent from a form, to produce an intent to commit. Amounts are typed in base
 * units, so what is quoted is exactly what was typed.
 */
export function QuoteForm({ onUse }: { onUse: (answer: QuoteIntentResponse) => void }) {
  const [draft, setDraft] = useState<QuoteDraft>(DEFAULT_QUOTE_DRAFT)
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<SvcError | null>(null)
  const [answer, setAnswer] = useState<QuoteIntentResponse | null>(null)
  const learn = useLearnTokens()
  const amountHint = useAmountHint(draft.originChainId, draft.originTokenAddress, draft.originTokenAmount)
  const checked = checkQuoteDraft(draft)
  const errors: Partial<Record<QuoteField, string>> = submitted && !checked.ok ? checked.errors : {}

  const set = <K extends QuoteField>(key: K, value: QuoteDraft[K]) => setDraft((d) => ({ ...d, [key]: value }))

  const quote = async (e?: FormEvent) => {
    e?.preventDefault()
    setSubmitted(true)
    if (!checked.ok) return
    setBusy(true)
    setAnswer(null)
    const r = await call('quoteIntent', checked.request)
    setBusy(false)
    if (!r.ok) return setFailure(r.error)
    setFailure(null)
    setAnswer(r.value.data)
    learn(intentTokenMetadata(r.value.data.intent, r.value.data.gasFeeOptions ?? r.value.data.intent.gasFeeOptions))
    void cacheIntents(r.value.source, [r.value.data.intent])
  }

  const expiresAt = answer ? parseTime(answer.intent.expiresAt) : undefined
  return (
    <form className="card commit-quote" onSubmit={quote} aria-label="Get a quote" noValidate>
      <h2>Get a quote</h2>
      <p className="muted small">Ask the service for an intent (QuoteIntent); it can then be committed below.</p>
      <div className="grid-form">
        <FormField label="Owner wallet" error={errors.ownerAddress}>
          <input value={draft.ownerAddress} placeholder="0x… (40 hex digits)" spellCheck={false} onChange={(e) => set('ownerAddress', e.target.value.trim())} />
        </FormField>
        <FormField label="From chain" error={errors.originChainId}>
          <ChainSelect anyLabel="Choose a chain" value={draft.originChainId} onChange={(v) => set('originChainId', v)} />
        </FormField>
        <FormField label="From token" error={errors.originTokenAddress}>
          <TokenInput listId="commit-origin-tokens" chainId={draft.originChainId} value={draft.originTokenAddress} onChange={(v) => set('originTokenAddress', v)} />
        </FormField>
        <FormField label="Amount (base units)" help={amountHint} error={errors.originTokenAmount}>
          <input inputMode="numeric" value={draft.originTokenAmount} onChange={(e) => set('originTokenAmount', e.target.value.trim())} />
        </FormField>
        <FormField label="To chain" error={errors.destinationChainId}>
          <ChainSelect anyLabel="Choose a chain" value={draft.destinationChainId} onChange={(v) => set('destinationChainId', v)} />
        </FormField>
        <FormField label="To token" error={errors.destinationTokenAddress}>
          <TokenInput listId="commit-destination-tokens" chainId={draft.destinationChainId} value={draft.destinationTokenAddress} onChange={(v) => set('destinationTokenAddress', v)} />
        </FormField>
        <FormField label="Recipient" help="Blank: the owner receives the funds" error={errors.destinationToAddress}>
          <input value={draft.destinationToAddress} placeholder="0x… (optional)" spellCheck={false} onChange={(e) => set('destinationToAddress', e.target.value.trim())} />
        </FormField>
        <FormField label="Max slippage (%)" error={errors.slippagePercent}>
          <input inputMode="decimal" value={draft.slippagePercent} onChange={(e) => set('slippagePercent', e.target.value.trim())} />
        </FormField>
      </div>
      <label className="row small">
        <input type="checkbox" checked={draft.onlyNativeGasFee} onChange={(e) => set('onlyNativeGasFee', e.target.checked)} />
        Pay gas in the native coin only
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Quoting…' : 'Get quote'}
        </button>
      </div>
      {failure ? <ErrorNotice error={failure} onRetry={() => void quote()} /> : null}
      {answer ? (
        <div className="notice notice-info" role="status">
          <p>
            Quoted: <Route {...intentRoute(answer.intent)} />
            {expiresAt !== undefined ? <span className="muted"> · expires {formatAge(expiresAt)}</span> : null}
          </p>
          <button type="button" className="primary" onClick={() => onUse(answer)}>
            Use this intent
          </button>
        </div>
      ) : null}
    </form>
  )
}
