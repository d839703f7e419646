/**
 * A QuoteIntent answer as the service writes it (bare big numbers), for tests: every
 * part the commit view reads, trimmed of what it does not.
 */
import type { QuoteIntentResponse } from '@contract/service'
import { parseIntentInput } from './parseIntent'

export const QUOTED_INTENT_ID = '0x' + '5e'.repeat(32)
export const OWNER = '0x' + '0a'.repeat(20)
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
export const USDC_ARB = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'

/** The same answer as the bridge delivers it: normalised, amounts as decimal strings. */
export function quoteResponse(expiresAt: string): QuoteIntentResponse {
  const parsed = parseIntentInput(quoteResponseText(expiresAt))
  if (parsed.status !== 'ok') throw new Error('the test intent does not parse')
  return { intent: parsed.intent, gasFeeOptions: parsed.gasFeeOptions }
}

export function quoteResponseText(expiresAt: string): string {
  return `{
  "intent": {
    "id": 2001,
    "projectId": 1,
    "intentId": "${QUOTED_INTENT_ID}",
    "status": "QUOTED",
    "quoteRequest": { "ownerAddress": "${OWNER}", "originChainId": 8453, "originTokenAddress": "${USDC_BASE}",
      "destinationChainId": 42161, "destinationTokenAddress": "${USDC_ARB}", "originTokenAmount": 1234567890123456789012,
      "options": { "slippageTolerance": 0.005 } },
    "ownerAddress": "${OWNER}",
    "originChainId": 8453,
    "destinationChainId": 42161,
    "originTokenAddress": "${USDC_BASE}",
    "destinationTokenAddress": "${USDC_ARB}",
    "originIntentAddress": "0x${'1b'.repeat(20)}",
    "destinationIntentAddress": "0x${'2c'.repeat(20)}",
    "salt": 18446744073709551615,
    "depositTransaction": { "toAddress": "0x${'1b'.repeat(20)}", "tokenAddress": "${USDC_BASE}", "amount": 1234567890123456789012,
      "chainId": 8453, "decimals": 6 },
    "quote": { "routeProviders": ["RELAY"], "fromAmount": 1234567890123456789012, "toAmount": 1230000000000000000000,
      "toAmountMin": 1223850000000000000000, "fromAmountUsd": 1234567890123456.8, "toAmountUsd": 1230000000000000.1,
      "maxSlippage": 0.005, "priceImpact": -0.0012345678901234, "estimatedDuration": 45 },
    "fees": { "feeTokenAddress": "${USDC_BASE}", "totalFeeAmount": 4567890, "totalFeeUsd": 4.57, "gasFeeUsd": 0.12 },
    "serviceVersion": "v1_5",
    "expiresAt": "${expiresAt}",
    "createdAt": "2026-11-20T10:00:00.000Z"
  },
  "gasFeeOptions": { "feeOptions": [ { "tokenAddress": "${USDC_BASE}", "tokenSymbol": "USDC", "tokenDecimals": 6, "amount": 120000 } ] }
}`
}
