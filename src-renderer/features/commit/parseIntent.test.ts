import { describe, expect, it } from 'vitest'
import { IntentSchema } from '@contract/service'
import { parseIntentInput } from './parseIntent'
import { QUOTED_INTENT_ID, quoteResponseText } from './testing'

const TEXT = quoteResponseText('2026-11-20T10:02:00.000Z')

const ok = (text: string) => {
  const parsed = parseIntentInput(text)
  if (parsed.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(parsed)}`)
  return parsed
}

describe('parseIntentInput', () => {
  it('reads the whole QuoteIntent answer and keeps every digit of big amounts', () => {
    const parsed = ok(TEXT)
    expect(parsed.shape).toBe('quote-response')
    expect(parsed.intent.intentId).toBe(QUOTED_INTENT_ID)
    expect(parsed.intent.quote?.fromAmount).toBe('1234567890123456789012')
    expect(parsed.intent.salt).toBe('18446744073709551615')
    expect(parsed.intent.quote?.priceImpact).toBe(-0.0012345678901234)
    expect(parsed.gasFeeOptions?.feeOptions?.[0].tokenSymbol).toBe('USDC')
  })

  it('reads a bare intent', () => {
    const bare = JSON.stringify(JSON.parse(TEXT.replace(/\d{16,}/g, '1')).intent)
    const parsed = ok(bare)
    expect(parsed.shape).toBe('intent')
    expect(parsed.gasFeeOptions).toBeUndefined()
  })

  it('reads back what the app shows, unchanged: normalising twice is normalising once', () => {
    const first = ok(TEXT).intent
    const again = ok(JSON.stringify({ intent: first }, null, 2)).intent
    expect(again).toEqual(first)
    expect(IntentSchema.parse(again)).toEqual(first)
  })

  it('does not touch digits inside strings', () => {
    const parsed = ok(TEXT.replace('"v1_5"', '"12345678901234567890"'))
    expect(parsed.intent.serviceVersion).toBe('12345678901234567890')
  })

  it('says nothing for blank input', () => {
    expect(parseIntentInput('  \n')).toEqual({ status: 'empty' })
  })

  it('says where the JSON breaks', () => {
    const parsed = parseIntentInput('{\n  "intent": {\n    "id": 1,,\n  }\n}')
    expect(parsed.status).toBe('not-json')
    if (parsed.status === 'not-json') expect(parsed.message).toMatch(/line 3/)
  })

  it('names every field with a wrong type, with its path', () => {
    const parsed = parseIntentInput(TEXT.replace('"originChainId": 8453,\n', '"originChainId": "Base",\n').replace('"status": "QUOTED"', '"status": 7'))
    expect(parsed.status).toBe('invalid')
    if (parsed.status !== 'invalid') return
    const paths = parsed.problems.map((p) => p.path)
    expect(paths).toContain('intent.originChainId')
    expect(paths).toContain('intent.status')
  })

  it('refuses JSON that is not an intent', () => {
    expect(parseIntentInput('[1,2]').status).toBe('invalid')
    const parsed = parseIntentInput('{"hello": "world"}')
    expect(parsed.status).toBe('invalid')
    if (parsed.status === 'invalid') expect(parsed.problems[0].message).toMatch(/does not look like an intent/)
  })
})
