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

/** Deep equality of JSON-like values; a member that is `undefined` counts as absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]))
  }
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  const keys = (r: Record<string, unknown>) => Object.keys(r).filter((k) => r[k] !== undefined)
  const ka = keys(ra)
  return ka.length === keys(rb).length && ka.every((k) => sameJson(ra[k], rb[k]))
}
