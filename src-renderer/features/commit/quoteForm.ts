import type { QuoteIntentRequest } from '@contract/service'
import { isEvmAddress, isWholeNumber } from '../../lib/classifyInput'

/** The Quote helper's fields as typed; amounts in base units so nothing is rounded. */
export interface QuoteDraft {
  ownerAddress: string
  originChainId: string
  originTokenAddress: string
  originTokenAmount: string
  destinationChainId: string
  destinationTokenAddress: string
  destinationToAddress: string
  /** Percent, e.g. "0.5". */
  slippagePercent: string
  onlyNativeGasFee: boolean
}

export type QuoteField = keyof QuoteDraft

/**
 * USDC from Base to Arbitrum One: a route every bridging service (and the embedded
 * simulator) serves, with the tokens' real contract addresses.
 */
export const DEFAULT_QUOTE_DRAFT: QuoteDraft = {
  ownerAddress: '',
  originChainId: '8453',
  originTokenAddress: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
  originTokenAmount: '25000000',
  destinationChainId: '42161',
  destinationTokenAddress: '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
  destinationToAddress: '',
  slippagePercent: '0.5',
  onlyNativeGasFee: false,
}

export type QuoteDraftCheck = { ok: true; request: QuoteIntentRequest } | { ok: false; errors: Partial<Record<QuoteField, string>> }

const TOKEN_PROBLEM = 'A token is its contract address: 0x followed by 40 hex digits (0x000…000 for the native coin)'

export function checkQuoteDraft(d: QuoteDraft): QuoteDraftCheck {
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
  need(
    'originTokenAmount',
    /^\d+$/.test(v('originTokenAmount')) && !/^0+$/.test(v('originTokenAmount')),
    'Enter the amount in base units (a whole number above 0, e.g. 25000000 for 25 USDC)',
  )
  if (v('destinationToAddress')) need('destinationToAddress', isEvmAddress(v('destinationToAddress')), 'A recipient is 0x followed by 40 hex digits, or leave it blank for the owner')
  const slippage = Number(v('slippagePercent'))
  if (v('slippagePercent')) need('slippagePercent', /^\d+(\.\d+)?$/.test(v('slippagePercent')) && slippage > 0 && slippage < 100, 'Slippage is a percentage between 0 and 100, e.g. 0.5')
  if (Object.keys(errors).length) return { ok: false, errors }

  const request: QuoteIntentRequest = {
    ownerAddress: v('ownerAddress'),
    originChainId: Number(v('originChainId')),
    originTokenAddress: v('originTokenAddress'),
    originTokenAmount: v('originTokenAmount'),
    destinationChainId: Number(v('destinationChainId')),
    destinationTokenAddress: v('destinationTokenAddress'),
    ...(v('destinationToAddress') && { destinationToAddress: v('destinationToAddress') }),
    ...(d.onlyNativeGasFee && { onlyNativeGasFee: true }),
    ...(v('slippagePercent') && { options: { slippageTolerance: slippage / 100 } }),
  }
  return { ok: true, request }
}
