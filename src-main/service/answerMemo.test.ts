import { describe, expect, it } from 'vitest'
import { AnswerMemo } from './answerMemo'

const limits = { maxEntries: 4, maxChars: 100, maxEntryChars: 40 }

describe('AnswerMemo', () => {
  it('gives back the value decoded from the very same text, and nothing for other text', () => {
    const memo = new AnswerMemo(limits)
    const value = { done: false }
    memo.remember('{"a":1}', value)
    expect(memo.recall('{"a":1}')).toBe(value)
    expect(memo.recall('{"a":2}')).toBeUndefined()
  })

  it('never keeps the text itself, only a hash of it', () => {
    const memo = new AnswerMemo(limits)
    const text = `{"reason":"${'x'.repeat(20)}"}`
    memo.remember(text, { ok: true })
    // The characters it stands for are counted; the map's keys are fixed-size hashes.
    expect(memo.size).toEqual({ entries: 1, chars: text.length })
    expect(JSON.stringify([...(memo as unknown as { byKey: Map<string, unknown> }).byKey.keys()])).not.toContain('xxxx')
  })

  it('does not remember an answer longer than the per-answer limit', () => {
    const memo = new AnswerMemo(limits)
    memo.remember('y'.repeat(41), { big: true })
    expect(memo.recall('y'.repeat(41))).toBeUndefined()
    expect(memo.size.entries).toBe(0)
  })

  it('stays within its size budget and count, dropping the least recently used first', () => {
    const memo = new AnswerMemo(limits)
    const text = (c: string) => c.repeat(30)
    memo.remember(text('a'), 'a')
    memo.remember(text('b'), 'b')
    memo.remember(text('c'), 'c')
    expect(memo.recall(text('a'))).toBe('a') // a is now the most recent
    memo.remember(text('d'), 'd') // 120 characters: b goes
    expect(memo.size.chars).toBeLessThanOrEqual(limits.maxChars)
    expect(memo.recall(text('b'))).toBeUndefined()
    expect([text('a'), text('c'), text('d')].map((t) => memo.recall(t))).toEqual(['a', 'c', 'd'])
    for (const c of 'efghij') memo.remember(c, c)
    expect(memo.size.entries).toBeLessThanOrEqual(limits.maxEntries)
  })

  it('holds at most 16 MiB of answers by default however many large answers arrive', () => {
    const memo = new AnswerMemo()
    for (let i = 0; i < 600; i++) memo.remember(`${i}`.padEnd(400 * 1024, ' '), i)
    expect(memo.size.chars).toBeLessThanOrEqual(16 * 1024 * 1024)
    // A 15 MiB receipt is read again rather than kept.
    memo.remember('z'.repeat(15 * 1024 * 1024), 'huge')
    expect(memo.recall('z'.repeat(15 * 1024 * 1024))).toBeUndefined()
  })
})
