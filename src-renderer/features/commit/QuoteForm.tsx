import type { QuoteIntentResponse } from '@contract/service'
import { ChainSelect } from '../../components/ChainSelect'
import { Checkbox } from '../../components/Checkbox'
import { ErrorNotice } from '../../components/ErrorNotice'
import { FormField } from '../../components/FormField'
import { SelectField } from '../../components/SelectField'
import { Route } from '../../components/Route'
import type { TokenChoice } from '../../data/reference/knownTokens'
import { formatAge, parseTime, shortHex } from '../../lib/format'
import { quotedAmountText } from './quoteForm'
import { intentRoute, labelledLeg } from '../../lib/intentRoute'
import { CHAIN_FIELD, TOKEN_FIELD, useQuoteForm, type QuoteFormModel, type Side } from './useQuoteForm'

/** The select's value for "type an address instead". */
const OTHER = 'other'

/** "USDC", "ETH (native)"; the address too when two tokens share a symbol. */
function choiceLabel(t: TokenChoice, all: readonly TokenChoice[]): string {
  const shared = all.filter((o) => o.symbol === t.symbol).length > 1
  return `${t.symbol}${t.native ? ' (native)' : ''}${shared ? ` · ${shortHex(t.address)}` : ''}`
}

/** The chain's known tokens by symbol, then "Other" to type an address. */
const tokenOptions = (choices: readonly TokenChoice[]) => [
  ...choices.map((t) => ({ value: t.address, label: choiceLabel(t, choices) })),
  { value: OTHER, label: 'Other (enter its address)…' },
]

const SIDE_TEXT = { origin: ['From chain', 'From token'], destination: ['To chain', 'To token'] } as const

/** Chain, token by symbol, and (for a token the app does not know) its address. */
function TokenFields({ model, side }: { model: QuoteFormModel; side: Side }) {
  const { draft, errors, choices, tokens } = model
  const [chainField, tokenField] = [CHAIN_FIELD[side], TOKEN_FIELD[side]]
  const [chainLabel, tokenLabel] = SIDE_TEXT[side]
  return (
    <>
      <FormField label={chainLabel} error={errors[chainField]}>
        <ChainSelect anyLabel="Choose a chain" value={draft[chainField]} onChange={(v) => model.setChain(side, v)} />
      </FormField>
      <SelectField
        label={tokenLabel}
        value={choices[side].some((t) => t.address === draft[tokenField].toLowerCase()) ? draft[tokenField].toLowerCase() : OTHER}
        options={tokenOptions(choices[side])}
        error={tokens[side] ? errors[tokenField] : undefined}
        onChange={(v) => model.set(tokenField, v === OTHER ? '' : v)}
      />
      {tokens[side] ? null : (
        <FormField label={`${tokenLabel} address`} error={errors[tokenField]}>
          <input value={draft[tokenField]} placeholder="0x… token contract" spellCheck={false} onChange={(e) => model.set(tokenField, e.target.value.trim())} />
        </FormField>
      )}
    </>
  )
}

/** The amount in the origin token's units, and the decimals of a token the app does not know. */
function AmountFields({ model }: { model: QuoteFormModel }) {
  const { draft, errors, tokens } = model
  const symbol = tokens.origin?.symbol
  return (
    <>
      {tokens.origin ? null : (
        <FormField label="Token decimals" help="A token the app does not know: how many decimals it has" error={errors.originTokenDecimals}>
          <input inputMode="numeric" value={draft.originTokenDecimals} placeholder="e.g. 18" onChange={(e) => model.set('originTokenDecimals', e.target.value.trim())} />
        </FormField>
      )}
      <FormField label={symbol ? `Amount (${symbol})` : 'Amount (token units)'} help={model.amountHint} error={errors.originTokenAmount} className="commit-amount-field">
        <input inputMode="decimal" value={draft.originTokenAmount} placeholder="e.g. 25" onChange={(e) => model.set('originTokenAmount', e.target.value.trim())} />
      </FormField>
    </>
  )
}

/** The answer, read with symbols and token units, and the way to take it into the commit box. */
function QuoteResult({ model, answer, onUse }: { model: QuoteFormModel; answer: QuoteIntentResponse; onUse: (answer: QuoteIntentResponse) => void }) {
  const expiresAt = parseTime(answer.intent.expiresAt)
  const { from, to } = intentRoute(answer.intent)
  return (
    <div className="notice notice-info commit-quote-result" role="status">
      <p>
        Quoted: <Route from={labelledLeg(from, model.catalog.find)} to={labelledLeg(to, model.catalog.find)} />
        {expiresAt !== undefined ? <span className="muted"> · expires {formatAge(expiresAt)}</span> : null}
      </p>
      {model.sent ? <p className="muted small">Asked for {quotedAmountText(model.sent, model.tokens.origin)}.</p> : null}
      <button type="button" className="primary" onClick={() => onUse(answer)}>
        Use this intent
      </button>
    </div>
  )
}

/**
 * QuoteIntent from a form, to produce an intent to commit. Tokens are picked by symbol
 * and amounts typed in token units; what is sent is the exact base-unit conversion.
 */
export function QuoteForm({ onUse }: { onUse: (answer: QuoteIntentResponse) => void }) {
  const model = useQuoteForm()
  const { draft, errors } = model
  return (
    <form className="card commit-quote" onSubmit={model.quote} aria-label="Get a quote" noValidate>
      <h2>Get a quote</h2>
      <p className="muted small">Ask the service for an intent (QuoteIntent); it can then be committed below.</p>
      <div className="grid-form">
        <FormField label="Owner wallet" error={errors.ownerAddress}>
          <input value={draft.ownerAddress} placeholder="0x… (40 hex digits)" spellCheck={false} onChange={(e) => model.set('ownerAddress', e.target.value.trim())} />
        </FormField>
        <TokenFields model={model} side="origin" />
        <AmountFields model={model} />
        <TokenFields model={model} side="destination" />
        <FormField label="Recipient" help="Blank: the owner receives the funds" error={errors.destinationToAddress}>
          <input value={draft.destinationToAddress} placeholder="0x… (optional)" spellCheck={false} onChange={(e) => model.set('destinationToAddress', e.target.value.trim())} />
        </FormField>
        <FormField label="Max slippage (%)" error={errors.slippagePercent}>
          <input inputMode="decimal" value={draft.slippagePercent} onChange={(e) => model.set('slippagePercent', e.target.value.trim())} />
        </FormField>
      </div>
      <Checkbox label="Pay gas in the native coin only" checked={draft.onlyNativeGasFee} onChange={(on) => model.set('onlyNativeGasFee', on)} />
      <div className="row">
        <button type="submit" className="primary" disabled={model.busy}>
          {model.busy ? 'Quoting…' : 'Get quote'}
        </button>
      </div>
      {model.failure ? <ErrorNotice error={model.failure} onRetry={() => model.quote()} /> : null}
      {model.answer ? <QuoteResult model={model} answer={model.answer} onUse={onUse} /> : null}
    </form>
  )
}
