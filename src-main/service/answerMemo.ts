import { createHash } from 'node:crypto'

/**
 * Recent long-poll answers, decoded, by a hash of their text. A hold that ends with
 * nothing new brings back the very text of an earlier answer (the first re-ask, which
 * echoes the states, included); its decoded value is reused instead of reading and
 * validating the receipt again. Sound because a long-poll's answer decodes from its text
 * alone.
 *
 * Bounded by size as well as count: the text itself is never kept (only its hash), an
 * answer longer than `maxEntryChars` is not remembered at all (reading it again costs
 * time, keeping it costs memory a service decides), and the decoded values together stand
 * for at most `maxChars` characters of answer text, the least recently used going first.
 */
export interface AnswerMemoLimits {
  maxEntries: number
  /** All remembered answers together, in characters of their text. */
  maxChars: number
  /** One answer longer than this is not remembered. */
  maxEntryChars: number
}

export const DEFAULT_ANSWER_MEMO_LIMITS: AnswerMemoLimits = {
  // More than the watcher holds at once (256 long-polls).
  maxEntries: 512,
  maxChars: 16 * 1024 * 1024,
  maxEntryChars: 512 * 1024,
}

export class AnswerMemo {
  private readonly byHash = new Map<string, { value: unknown; chars: number }>()
  private chars = 0

  constructor(private readonly limits: AnswerMemoLimits = DEFAULT_ANSWER_MEMO_LIMITS) {}

  /** The value decoded from this very text before, now the most recently used; `undefined` when none. */
  recall(text: string): unknown {
    if (text.length > this.limits.maxEntryChars) return undefined
    const key = hashOf(text)
    const held = this.byHash.get(key)
    if (!held) return undefined
    this.byHash.delete(key)
    this.byHash.set(key, held)
    return held.value
  }

  remember(text: string, value: unknown): void {
    if (text.length > this.limits.maxEntryChars || value === undefined) return
    const key = hashOf(text)
    const old = this.byHash.get(key)
    if (old) {
      this.byHash.delete(key)
      this.chars -= old.chars
    }
    this.byHash.set(key, { value, chars: text.length })
    this.chars += text.length
    for (const [oldest, held] of this.byHash) {
      if (this.byHash.size <= this.limits.maxEntries && this.chars <= this.limits.maxChars) break
      this.byHash.delete(oldest)
      this.chars -= held.chars
    }
  }

  /** Answers held, and the characters of text they stand for. */
  get size(): { entries: number; chars: number } {
    return { entries: this.byHash.size, chars: this.chars }
  }
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64')
