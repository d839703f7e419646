/**
 * What a pasted value is, judged by its shape alone: support staff paste intent ids,
 * wallets, transaction hashes and explorer links, and the app picks the filter.
 */

import { hasInvisibleChars, hexRunsIn, isEvmAddress, isHash32, isPlainToken, plainTokenProblem } from '@contract/formats'

/** Base58 (no 0, O, I, l), as non-EVM rails such as Solana write their accounts. */
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const WHOLE_NUMBER = /^\d+$/
const BARE_HASH = /^[0-9a-fA-F]{64}$/

export const isBase58Address = (s: string): boolean => BASE58_ADDRESS.test(s)
/** A whole number that survives as a JS number (ids beyond 2^53 would silently change). */
export const isWholeNumber = (s: string): boolean => WHOLE_NUMBER.test(s) && Number.isSafeInteger(Number(s))

export type InputKind = 'empty' | 'hash' | 'evmAddress' | 'edgeAddress' | 'number' | 'text' | 'lookalike'

export interface ClassifiedInput {
  kind: InputKind
  /** The value to search for: trimmed, unquoted, lifted out of a link when it was one. */
  value: string
  /** Why a `lookalike` is not searched: the character that is not what it seems. */
  problem?: string
}

/** At most this many odd characters in an otherwise plain value make it a look-alike rather than text. */
const MAX_ODD_CHARACTERS = 3

/**
 * Why the value is a look-alike of an address or hash (a Cyrillic “с” for “c”), or holds
 * a bidi control or invisible character anywhere; undefined for plain values and for
 * ordinary text in any script.
 */
function lookAlikeProblem(text: string): string | undefined {
  if (hasInvisibleChars(text)) return plainTokenProblem([...text].find((ch) => hasInvisibleChars(ch))!)
  if (isPlainToken(text) || /\s/.test(text)) return undefined
  const odd = [...text].filter((ch) => !isPlainToken(ch)).length
  const plain = text.replace(/[^\x21-\x7e]/gu, '')
  const shapedLikeKey = /^0[xX\u0445\u0425]/.test(text) || (/^[0-9A-Za-z]{20,}$/.test(plain) && odd <= MAX_ODD_CHARACTERS)
  return shapedLikeKey ? plainTokenProblem(text) : undefined
}

/** Explorer and app links end in the hash or address they point at; the longest hex token wins. */
function hexInLink(text: string): string | undefined {
  if (!/^[a-z][a-z0-9+.-]*:\/\/|^#?\//i.test(text)) return undefined
  const tokens = hexRunsIn(text)
  return tokens.find((t) => isHash32(t)) ?? tokens.find((t) => isEvmAddress(t))
}

export function classifyInput(raw: string): ClassifiedInput {
  // Values copied from JSON or a spreadsheet often carry quotes or a trailing comma.
  const text = raw.trim().replace(/^["'`]+|["'`,]+$/g, '').trim()
  if (!text) return { kind: 'empty', value: '' }
  const problem = lookAlikeProblem(text)
  if (problem) return { kind: 'lookalike', value: text, problem }
  const value = hexInLink(text) ?? (BARE_HASH.test(text) ? `0x${text}` : text)
  if (isHash32(value)) return { kind: 'hash', value }
  if (isEvmAddress(value)) return { kind: 'evmAddress', value }
  if (isWholeNumber(value)) return { kind: 'number', value }
  if (isBase58Address(value)) return { kind: 'edgeAddress', value }
  return { kind: 'text', value }
}

/** How each kind reads in a sentence: "Looks like a transaction or intent hash". */
export const KIND_LABEL: Record<InputKind, string> = {
  empty: 'nothing',
  hash: 'an intent id or transaction hash',
  evmAddress: 'an address',
  edgeAddress: 'a non-EVM (edge) address',
  number: 'a project id',
  text: 'free text',
  lookalike: 'a look-alike of an address or hash',
}
