import type { QuoteIntentRequest } from '@contract/service'
import { isEvmAddress } from '@contract/formats'
import { isWholeNumber } from '../../lib/classifyInput'
import { formatUnitsExact } from '../../lib/format'
import type { TokenChoice } from '../../data/reference/knownTokens'
import { parseTokenAmount } from './tokenAmount'

/**
 * The Quote helper's fields as typed, starting at 25 USDC from Base to Arbitrum One: a
 * route every bridging service (and the embedded simulator) serves, with the tokens' real
 * contract addresses. Tokens are picked by symbol (the draft keeps the picked token's
 * address) or typed as an address; the amount is in token units and becomes base units
 * only through `parseTokenAmount`, so nothing is rounded.
 */
export const DEFAULT_QUOTE_DRAFT = {
  ownerAddress: '',
  originChainId: '8453',
  originTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  /** Only for an origin token the app does not know: its decimals, as typed. */
  originTokenDecimals: '',
  /** Token units, e.g. "24.93959". */
  originTokenAmount: '25',
  destinationChainId: '42161',
  destinationTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  destinationToAddress: '',
  /** Percent, e.g. "0.5". */
  slippagePercent: '0.5',
  onlyNativeGasFee: false,
}

export type QuoteDraft = typeof DEFAULT_QUOTE_DRAFT
export type QuoteField = keyof QuoteDraft

/** What the app knows about the two tokens of the draft (undefined: not known). */
export type DraftTokens = Partial<Record<'origin' | 'destination', TokenChoice>>

type QuoteDraftCheck = { ok: true; request: QuoteIntentRequest } | { ok: false; errors: Partial<Record<QuoteField, string>> }

const TOKEN_PROBLEM = 'Pick a token, or type its contract address: 0x followed by 40 hex digits'

/** The origin token's decimals and a name for messages: known, or as typed for an unknown token. */
function originUnits(d: QuoteDraft, known: TokenChoice | undefined): { decimals: number; symbol: string } | undefined {
  if (known) return known
  const typed = d.originTokenDecimals.trim()
  if (!/^\d{1,3}$/.test(typed) || Number(typed) > 255) return undefined
  return { decimals: Number(typed), symbol: 'tokens' }
}

export function checkQuoteDraft(d: QuoteDraft, tokens: DraftTokens = {}): QuoteDraftCheck {
  const errors: Partial<Record<QuoteField, string>> = {}
  const need = (field: QuoteField, ok: boolean, message: string) => {
    if (!ok) errors[field] ??= message
  }
  const v = (field: Exclude<QuoteField, 'onlyNativeGasFee'>) => d[field].trim()

  need('ownerAddress', isEvmAddress(v('ownerAddress')), 'Enter the wallet that will own the intent: 0x followed by 40 hex digits')
  need('originChainId', isWholeNumber(v('originChainId')) && Number(v('originChainId')) > 0, 'Choose the chain the funds leave from')
  need('destinationChainId', isWholeNumber(v('destinationChainId')) && Number(v('destinationChainId')) > 0, 'Choose the chain the funds go to')
  need('originTokenAddress', isEvmAddress(v('originTokenAddress')), TOKEN_PROBLEM)
  need('destinationTokenAddress', isEvmAddress(v('destinationTokenAddress')), TOKEN_PROBLEM)
  const units = originUnits(d, tokens.origin)
  if (!tokens.origin && isEvmAddress(v('originTokenAddress')))
    need('originTokenDecimals', units !== undefined, 'This token is not known here: enter its decimals (a whole number from 0 to 255, e.g. 18)')
  const amount = units ? parseTokenAmount(v('originTokenAmount'), units.decimals, units.symbol) : undefined
  if (amount && !amount.ok) need('originTokenAmount', false, amount.message)
  if (v('destinationToAddress')) need('destinationToAddress', isEvmAddress(v('destinationToAddress')), 'A recipient is 0x followed by 40 hex digits, or leave it blank for the owner')
  const slippage = Number(v('slippagePercent'))
  if (v('slippagePercent')) need('slippagePercent', /^\d+(\.\d+)?$/.test(v('slippagePercent')) && slippage > 0 && slippage < 100, 'Slippage is a percentage between 0 and 100, e.g. 0.5')
  if (Object.keys(errors).length || !amount?.ok) return { ok: false, errors }

  const request: QuoteIntentRequest = {
    ownerAddress: v('ownerAddress'),
    originChainId: Number(v('originChainId')),
    originTokenAddress: v('originTokenAddress'),
    originTokenAmount: amount.raw,
    destinationChainId: Number(v('destinationChainId')),
    destinationTokenAddress: v('destinationTokenAddress'),
    ...(v('destinationToAddress') && { destinationToAddress: v('destinationToAddress') }),
    ...(d.onlyNativeGasFee && { onlyNativeGasFee: true }),
    ...(v('slippagePercent') && { options: { slippageTolerance: slippage / 100 } }),
  }
  return { ok: true, request }
}

/**
 * The token to keep when a side's chain changes: the same symbol on the new chain if it
 * has one (USDC stays USDC), else its native coin, else nothing (the person picks).
 */
export function tokenAfterChainChange(previous: TokenChoice | undefined, next: readonly TokenChoice[]): string {
  const same = previous && next.find((t) => t.symbol === previous.symbol)
  return (same ?? next.find((t) => t.native))?.address ?? ''
}

/** "= 25,000,000 base units": what will be sent, exactly, once the amount reads. */
export function baseUnitsHint(request: QuoteIntentRequest | undefined): string | undefined {
  const raw = request?.originTokenAmount
  return raw ? `= ${BigInt(raw).toLocaleString('en-US')} base units` : undefined
}

/** The amount the quote will send, in the origin token's units ("24.93959 USDC"). */
export function quotedAmountText(request: QuoteIntentRequest, origin: TokenChoice | undefined): string {
  const raw = request.originTokenAmount ?? '0'
  return origin ? `${formatUnitsExact(raw, origin.decimals)} ${origin.symbol}` : `${raw} base units`
}
