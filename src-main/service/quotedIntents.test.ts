import { describe, expect, it } from 'vitest'
import type { Intent } from '../../src-shared/contract/service'
import { QuotedIntents } from './quotedIntents'

const intent = (id: string): Intent => ({ intentId: id, originChainId: 1 }) as Intent

describe('QuotedIntents', () => {
  it('gives back the received text of an unchanged intent only', () => {
    const quoted = new QuotedIntents()
    quoted.remember(intent('a'), '{"intentId":"a","originChainId":1}')
    expect(quoted.originalText(intent('a'))).toBe('{"intentId":"a","originChainId":1}')
    expect(quoted.originalText({ ...intent('a'), originChainId: 2 })).toBeUndefined()
  })

  it('holds at most its budget of text, the oldest going first, but always the newest intent', () => {
    const quoted = new QuotedIntents(64, 100)
    for (const id of ['a', 'b', 'c']) quoted.remember(intent(id), id.repeat(40))
    // 120 characters: a went.
    expect(quoted.originalText(intent('a'))).toBeUndefined()
    expect(quoted.originalText(intent('b'))).toBe('b'.repeat(40))
    // One intent larger than the whole budget is still kept, alone: its commit must go out unchanged.
    quoted.remember(intent('big'), 'x'.repeat(500))
    expect(quoted.originalText(intent('big'))).toBe('x'.repeat(500))
    expect(quoted.originalText(intent('c'))).toBeUndefined()
  })
})
