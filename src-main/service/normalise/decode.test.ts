import { describe, expect, it } from 'vitest'
import {
  GetChainsResponseSchema,
  GetIntentHistoryResponseSchema,
  GetIntentResponseSchema,
  REFUSED_FIELDS_KEY,
  refusedFieldsOf,
} from '../../../src-shared/contract/service'
import { decodeAnswer } from './decode'

const entry = (intentId: string, extra: Record<string, unknown> = {}) => ({
  intentId,
  status: 'SUCCEEDED',
  createdAt: '2026-11-20T10:00:00Z',
  receipt: {
    intentId,
    summary: { originTokenAmount: '1500000', originTokenMetadata: { symbol: 'USDC', decimals: 6 } },
  },
  ...extra,
})

describe('decodeAnswer: a refused value costs its field, never the answer', () => {
  it('drops decimals of 1e15 and names the field on the record; the other entries are untouched', () => {
    const bad = entry('0xbad')
    bad.receipt.summary.originTokenMetadata.decimals = 1e15
    const body = { intents: [entry('0xa1'), bad, entry('0xa3')] }
    const decoded = decodeAnswer(GetIntentHistoryResponseSchema, body)
    expect(decoded.ok).toBe(true)
    if (!decoded.ok) return
    const [a, b, c] = decoded.value.intents
    expect([a.intentId, b.intentId, c.intentId]).toEqual(['0xa1', '0xbad', '0xa3'])
    const meta = b.receipt?.summary?.originTokenMetadata
    expect(meta?.decimals).toBeUndefined()
    expect(meta?.symbol).toBe('USDC')
    expect(refusedFieldsOf(meta)).toEqual([{ field: 'decimals', reason: expect.stringMatching(/decimals must be 0–255/) }])
    expect(a.receipt?.summary?.originTokenMetadata?.decimals).toBe(6)
    expect(refusedFieldsOf(a.receipt?.summary?.originTokenMetadata)).toEqual([])
    // The answer as received is not changed.
    expect(bad.receipt.summary.originTokenMetadata.decimals).toBe(1e15)
  })

  it('drops createdAt in year 9999 and keeps the entry', () => {
    const body = { intents: [entry('0xa1'), entry('0xfar', { createdAt: '9999-12-31T00:00:00Z' })] }
    const decoded = decodeAnswer(GetIntentHistoryResponseSchema, body)
    expect(decoded.ok).toBe(true)
    if (!decoded.ok) return
    const far = decoded.value.intents[1]
    expect(far.intentId).toBe('0xfar')
    expect(far.createdAt).toBeUndefined()
    expect(refusedFieldsOf(far)).toEqual([{ field: 'createdAt', reason: expect.stringMatching(/9999-12-31.*outside 2009-01-01 to/) }])
  })

  it('refuses times before 2009, amounts of more than 200 digits and negative chain ids, each by name', () => {
    const decoded = decodeAnswer(GetIntentResponseSchema, {
      intent: { intentId: '0x1', createdAt: '1999-01-01T00:00:00Z', originChainId: -1, fees: { totalFeeAmount: '9'.repeat(201) } },
    })
    expect(decoded.ok).toBe(true)
    if (!decoded.ok) return
    const intent = decoded.value.intent
    expect(intent.intentId).toBe('0x1')
    expect(refusedFieldsOf(intent).map((n) => n.field).sort()).toEqual(['createdAt', 'originChainId'])
    expect(refusedFieldsOf(intent.fees).map((n) => n.field)).toEqual(['totalFeeAmount'])
    expect(refusedFieldsOf(intent.fees)[0].reason).toMatch(/201 digits/)
  })

  it('drops an entry that cannot stand (not an object), names it on the answer, and keeps the rest', () => {
    const decoded = decodeAnswer(GetIntentHistoryResponseSchema, { intents: [entry('0xa1'), 42, entry('0xa3'), 'x', entry('0xa5', { createdAt: 7 })] })
    expect(decoded.ok).toBe(true)
    if (!decoded.ok) return
    expect(decoded.value.intents.map((e) => e.intentId)).toEqual(['0xa1', '0xa3', '0xa5'])
    expect(refusedFieldsOf(decoded.value).map((n) => n.field)).toEqual(['intents[1]', 'intents[3]'])
    // The wrong-typed time of the last entry (index 4 as sent) is named on that entry.
    expect(refusedFieldsOf(decoded.value.intents[2]).map((n) => n.field)).toEqual(['createdAt'])
  })

  it('drops a chain whose required native currency decimals are refused, keeping the others', () => {
    const chain = (id: number, decimals: unknown) => ({ id, name: `Chain ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals } })
    const decoded = decodeAnswer(GetChainsResponseSchema, { chains: [chain(1, 18), chain(2, 1e15), chain(3, 18)] })
    expect(decoded.ok).toBe(true)
    if (!decoded.ok) return
    expect(decoded.value.chains.map((c) => c.id)).toEqual([1, 3])
    expect(refusedFieldsOf(decoded.value)[0].field).toBe('chains[1]')
  })

  it('still fails an answer whose top level is wrong, naming where', () => {
    const decoded = decodeAnswer(GetIntentHistoryResponseSchema, { intents: 'none' })
    expect(decoded).toEqual({ ok: false, path: 'intents', message: expect.any(String) })
    expect(decodeAnswer(GetIntentResponseSchema, { intent: 5 }).ok).toBe(false)
  })

  it('a valid answer carries no notice', () => {
    const decoded = decodeAnswer(GetIntentHistoryResponseSchema, { intents: [entry('0xa1')] })
    expect(decoded.ok && REFUSED_FIELDS_KEY in decoded.value.intents[0]).toBe(false)
  })
})

describe('decodeAnswer and prototype keys', () => {
  it('drops a bad field under a `__proto__` key without touching any prototype', () => {
    const body = JSON.parse('{"intents":[{"intentId":"0xa1","__proto__":{"polluted":1},"createdAt":"9999-12-31T00:00:00Z"}]}') as unknown
    const decoded = decodeAnswer(GetIntentHistoryResponseSchema, body)
    expect(decoded.ok).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('createdAt')
    if (decoded.ok) expect(refusedFieldsOf(decoded.value.intents[0]).map((n) => n.field)).toEqual(['createdAt'])
  })
})
