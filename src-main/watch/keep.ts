import type { SvcError } from '../../src-shared/contract/errors'
import type { IntentReceipt } from '../../src-shared/contract/service'
import type { WatchState } from '../../src-shared/contract/watch'

/**
 * Pure: what the watchers keep of what a service sent, within a size budget. A service may
 * send 15 MiB receipts or a failure reason the length of a book; whatever main holds past
 * one answer (a watch's state and saved copy, a filter's findings) is cut here.
 */

/** A receipt whose JSON is at most this long is kept whole; a longer one as its summary. */
export const RECEIPT_KEPT_CHARS = 32 * 1024
/** The receiptStates echoed back to the service are kept up to this size; longer ones are not echoed. */
export const STATES_KEPT_CHARS = 16 * 1024
/** Free text a person reads (a failure reason, an error message). */
export const MAX_TEXT_CHARS = 2_000
/** A short free-text field (a leg's status or type, a token symbol, an error name). */
export const MAX_FIELD_CHARS = 200
/** An id, address, hash, amount or time: longer than this, it is not one (a uint256 has 78 digits, a hash 66 characters). */
const MAX_VALUE_CHARS = 100

/** `text` cut to at most `max` characters with a marker saying how long it was (cutting twice changes nothing; surrogate pairs stay whole). */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text
  const marker = `… [cut: ${text.length.toLocaleString('en-US')} characters in all]`
  let end = Math.max(0, max - marker.length)
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end)}${marker}`
}

/** About how many characters `value` takes as JSON, or `max + 1` as soon as it is past `max` (the walk stops there). */
export function jsonChars(value: unknown, max: number): number {
  let used = 0
  const walk = (v: unknown): boolean => {
    if (typeof v === 'string') used += v.length + 2
    else if (typeof v === 'number' || typeof v === 'boolean' || v === null) used += String(v).length
    else if (Array.isArray(v)) {
      used += 2 + v.length
      for (const item of v) if (used > max || !walk(item)) return false
    } else if (typeof v === 'object') {
      used += 2
      for (const [k, item] of Object.entries(v as object)) {
        if (item === undefined) continue
        used += k.length + 4
        if (used > max || !walk(item)) return false
      }
    }
    return used <= max
  }
  return walk(value) ? used : max + 1
}

export const fitsJson = (value: unknown, max: number): boolean => jsonChars(value, max) <= max

/** An error as a watch keeps it: every text a service may have filled, cut to size. */
export function keptError(error: SvcError): SvcError {
  const out: SvcError = { ...error, message: clipText(error.message, MAX_TEXT_CHARS) }
  for (const field of ['name', 'path', 'operation'] as const) if (error[field] !== undefined) out[field] = clipText(error[field], MAX_FIELD_CHARS)
  return out
}

type Fields = Record<string, unknown>

/** Free-text fields: cut with a marker when long. Every other string (ids, addresses, amounts, times) is dropped when long: half an amount is wrong, not short. */
const TEXT_LIMITS: Record<string, number> = {
  statusReason: MAX_TEXT_CHARS,
  status: MAX_FIELD_CHARS,
  type: MAX_FIELD_CHARS,
  context: MAX_FIELD_CHARS,
  mode: MAX_FIELD_CHARS,
  tradeType: MAX_FIELD_CHARS,
  name: MAX_FIELD_CHARS,
  symbol: MAX_FIELD_CHARS,
}

function pick(from: unknown, keys: readonly string[], nested: Record<string, readonly string[]> = {}): Fields | undefined {
  if (!from || typeof from !== 'object' || Array.isArray(from)) return undefined
  const source = from as Fields
  const out: Fields = {}
  for (const key of keys) {
    const v = source[key]
    if (typeof v === 'number' || typeof v === 'boolean') out[key] = v
    else if (typeof v === 'string') {
      const limit = TEXT_LIMITS[key]
      if (limit !== undefined) out[key] = clipText(v, limit)
      else if (v.length <= MAX_VALUE_CHARS) out[key] = v
    } else if (nested[key]) {
      const inner = pick(v, nested[key])
      if (inner) out[key] = inner
    }
  }
  return out
}

const TOKEN = ['chainId', 'tokenAddress', 'name', 'symbol', 'decimals']
const LEG = ['id', 'intentId', 'chainId', 'fromAddress', 'toAddress', 'tokenAddress', 'tokenAmount', 'statusReason', 'txnHash', 'txnMinedAt', 'status', 'type', 'context', 'updatedAt', 'createdAt']
const SUMMARY = [
  'intentId', 'ownerAddress', 'originChainId', 'destinationChainId', 'originTokenAddress', 'originTokenAmount', 'originTokenMetadata',
  'destinationTokenAddress', 'destinationTokenAmount', 'destinationTokenMetadata', 'destinationToAddress',
  'createdAt', 'expiresAt', 'startedAt', 'finishedAt', 'status', 'mode', 'tradeType',
]
/** A receipt's legs, in the order an intent runs them. */
export const RECEIPT_LEGS = ['depositTransaction', 'originTransaction', 'destinationTransaction', 'refundTransaction'] as const
const RECEIPT = [
  'id', 'projectId', 'intentId', 'status', 'ownerAddress', 'originChainId', 'destinationChainId',
  'depositTransactionId', 'originTransactionId', 'destinationTransactionId', 'refundTransactionId', 'updatedAt', 'createdAt',
  ...RECEIPT_LEGS,
]

/**
 * The receipt's summary, what the board and a notice read (status, each leg's status,
 * reason, hash, amount, chain and times, token metadata), every text cut to size.
 */
export function receiptSummary(receipt: IntentReceipt): IntentReceipt {
  const top = pick(receipt, RECEIPT, Object.fromEntries(RECEIPT_LEGS.map((leg) => [leg, LEG]))) ?? {}
  const summary = pick(receipt.summary, SUMMARY, { originTokenMetadata: TOKEN, destinationTokenMetadata: TOKEN })
  if (summary) top.summary = summary
  return top as IntentReceipt
}

/** What a watch keeps of a receipt: the receipt itself when small, else its summary, marked as trimmed. */
export function keptReceipt(receipt: IntentReceipt): { receipt: IntentReceipt; receiptTrimmed?: true } {
  return fitsJson(receipt, RECEIPT_KEPT_CHARS) ? { receipt } : { receipt: receiptSummary(receipt), receiptTrimmed: true }
}

/** The watch with its receipt's summary in place of the receipt (a copy either way). */
export const summarised = (state: WatchState): WatchState => ({ ...state, ...(state.receipt && { receipt: receiptSummary(state.receipt), receiptTrimmed: true }) })

/** A watch as saved and read back: its receipt's summary only, every text cut to size (also from an older version's list). */
export function storedWatch(state: WatchState): WatchState {
  const out = summarised(state)
  if (state.failureReason !== undefined) out.failureReason = clipText(state.failureReason, MAX_TEXT_CHARS)
  if (state.error) out.error = keptError(state.error)
  return out
}
