import type { Intent } from '../../src-shared/contract/service'
import { BoundedMap } from './answerMemo'

/**
 * The intents this client was sent (by QuoteIntent and GetIntent), as the exact JSON
 * text, by intent id: the deployed service refuses a re-encoding at CommitIntent (a
 * string `gasPrice` written back as a number is a 400), so an unchanged intent goes back
 * as received. Bounded by count and by `maxChars`, least recently received first (one
 * intent may take it all: its commit must still go out unchanged).
 */
export class QuotedIntents extends BoundedMap<{ text: string; intent: Intent }> {
  constructor(capacity = 64, maxChars = 32 * 1024 * 1024) {
    super(capacity, maxChars)
  }

  remember(intent: Intent, text: string | undefined): void {
    if (intent.intentId && text !== undefined) this.set(intent.intentId, { text, intent }, text.length)
  }

  /** The received text of `intent`, when it is unchanged from what was received. */
  originalText(intent: Intent): string | undefined {
    const held = intent.intentId ? this.get(intent.intentId) : undefined
    return held && sameJson(held.intent, intent) ? held.text : undefined
  }
}

/** JSON text with every object's keys sorted and `undefined` members left out: one text for equal JSON-like values (the same filter saved twice, say). */
export const canonicalJson = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  )

/** Deep equality of JSON-like values; a member that is `undefined` counts as absent. */
export const sameJson = (a: unknown, b: unknown): boolean => a === b || canonicalJson(a) === canonicalJson(b)
