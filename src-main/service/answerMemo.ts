import { createHash } from 'node:crypto'

/**
 * Recent long-poll answers, decoded, by a hash of their text: a hold that ends with
 * nothing new brings back the very text of an earlier answer, and its decoded value is
 * reused (sound because a long-poll answer decodes from its text alone). Only hashes are
 * kept, an answer longer than `maxEntryChars` is not remembered, and the values together
 * stand for at most `maxChars` characters, the least recently used going first.
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

/**
 * Values by key within a budget of entries and of the characters they stand for, the
 * least recently used dropped first; the newest entry always stays, however large.
 */
export class BoundedMap<V> {
  private readonly byKey = new Map<string, { value: V; chars: number }>()
  private chars = 0

  constructor(
    private readonly maxEntries: number,
    private readonly maxChars: number,
  ) {}

  /** The value, now the most recently used. */
  get(key: string): V | undefined {
    const held = this.byKey.get(key)
    if (!held) return undefined
    this.byKey.delete(key)
    this.byKey.set(key, held)
    return held.value
  }

  set(key: string, value: V, chars: number): void {
    this.delete(key)
    this.byKey.set(key, { value, chars })
    this.chars += chars
    for (const oldest of this.byKey.keys()) {
      if (this.byKey.size <= this.maxEntries && (this.chars <= this.maxChars || this.byKey.size === 1)) break
      this.delete(oldest)
    }
  }

  private delete(key: string): void {
    const held = this.byKey.get(key)
    if (!held) return
    this.byKey.delete(key)
    this.chars -= held.chars
  }

  /** Entries held, and the characters they stand for. */
  get size(): { entries: number; chars: number } {
    return { entries: this.byKey.size, chars: this.chars }
  }
}

export class AnswerMemo extends BoundedMap<unknown> {
  constructor(private readonly limits: AnswerMemoLimits = DEFAULT_ANSWER_MEMO_LIMITS) {
    super(limits.maxEntries, limits.maxChars)
  }

  /** The value decoded from this very text before, now the most recently used; `undefined` when none. */
  recall(text: string): unknown {
    return text.length > this.limits.maxEntryChars ? undefined : this.get(hashOf(text))
  }

  remember(text: string, value: unknown): void {
    if (text.length <= this.limits.maxEntryChars && value !== undefined) this.set(hashOf(text), value, text.length)
  }
}

const hashOf = (text: string): string => createHash('sha256').update(text).digest('base64')
