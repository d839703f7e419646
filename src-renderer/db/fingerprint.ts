import type { Intent, IntentHistoryEntry, IntentReceipt, IntentTransaction } from '@contract/service'
import type { IntentSource } from './records'
import { listOf } from '@contract/service/bounds'

/** A cheap fingerprint of what changes when an intent moves on, so write-through skips an unchanged object (`intentIndex.ts`). */

const leg = (t: IntentTransaction | undefined): string => (t ? `${t.status ?? ''}/${t.txnHash ?? ''}/${t.txnMinedAt ?? ''}/${t.updatedAt ?? ''}` : '-')

const receiptState = (r: IntentReceipt | undefined): string =>
  r
    ? [r.status, r.updatedAt, r.summary?.status, r.summary?.finishedAt, leg(r.depositTransaction), leg(r.originTransaction), leg(r.destinationTransaction), leg(r.refundTransaction)].join('|')
    : '-'

const balances = (e: IntentHistoryEntry): string =>
  listOf(e.balances).map((b) => listOf(b.tokens).map((t) => `${t.chainId ?? b.chainId}:${t.contractAddress}:${t.balance}`).join(',')).join(';')

const intentState = (i: Intent): string => [i.status, i.updatedAt, i.expiresAt].join('|')

const historyState = (e: IntentHistoryEntry): string => [e.status, e.updatedAt, e.expiresAt, e.hasBalance, receiptState(e.receipt), balances(e)].join('|')

/** 53-bit string hash (cyrb53), in base 36: rows stay small, and a collision needs 2^26 versions of one intent. */
export function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}

/** The fingerprint of one object of a kind. */
export function fingerprintOf(kind: IntentSource, object: unknown): string {
  if (kind === 'intent') return hash(intentState(object as Intent))
  if (kind === 'history') return hash(historyState(object as IntentHistoryEntry))
  return hash(receiptState(object as IntentReceipt))
}

/** The fingerprint of the object a stored record holds (`intent`, `entry` or `receipt`). */
export function fingerprintOfRecord(kind: IntentSource, record: Record<string, unknown>): string {
  return fingerprintOf(kind, kind === 'intent' ? record.intent : kind === 'history' ? record.entry : record.receipt)
}
