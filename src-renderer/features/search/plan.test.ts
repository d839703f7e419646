import { describe, expect, it } from 'vitest'
import { mergeHits, type SearchHit } from './hits'
import { searchParams } from './filters'
import { paramsForUniversal, planFromParams, universalHint } from './plan'

const HASH = '0x' + 'ab'.repeat(32)
const ADDRESS = '0x' + 'cd'.repeat(20)
const SOLANA = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

const requestsFor = (value: string) => {
  const plan = planFromParams(paramsForUniversal(value))
  if (plan.mode !== 'universal') throw new Error(`expected a universal plan, got ${plan.mode}`)
  return plan.candidates.map((c) => c.request)
}

describe('universal box routing', () => {
  it('searches nothing for a look-alike address and says which character is wrong', () => {
    const lookAlike = `0x5${'0'.repeat(35)}\u04410de`
    expect(universalHint(lookAlike)).toMatch(/^Not searched: .*“с” \(U\+0441\)/)
    expect(planFromParams(paramsForUniversal(lookAlike))).toEqual({ mode: 'none' })
  })

  it('tries a 66-character hash as intent id and as transaction hash', () => {
    expect(requestsFor(HASH)).toEqual([{ byIntentId: HASH }, { byTransactionHash: HASH }])
  })

  it('tries a 42-character address in every address role', () => {
    expect(requestsFor(ADDRESS)).toEqual([
      { byOwnerAddress: ADDRESS },
      { byOriginIntentAddress: ADDRESS },
      { byDestinationIntentAddress: ADDRESS },
      { byEdgeAddress: ADDRESS },
    ])
  })

  it('tries a non-EVM account as edge address', () => {
    expect(requestsFor(SOLANA)).toEqual([{ byEdgeAddress: SOLANA }])
  })

  it('takes a number for a project id', () => {
    expect(requestsFor(' 314 ')).toEqual([{ byProjectId: 314 }])
  })

  it('sends anything else as the query string', () => {
    expect(requestsFor('stuck usdc')).toEqual([{ byQueryString: 'stuck usdc' }])
  })

  it('does nothing for blank input', () => {
    expect(planFromParams(paramsForUniversal('   '))).toEqual({ mode: 'none' })
    expect(universalHint('  ')).toBeUndefined()
  })

  it('says beforehand what it will try', () => {
    expect(universalHint(HASH)).toBe('Looks like an intent id or transaction hash: searches by intent id, transaction hash')
  })
})

describe('filters in the URL', () => {
  it('round-trips a form search through the URL', () => {
    const request = { byOwnerAddress: ADDRESS, byProjectId: 42, byEdgeMode: 'DESTINATION' as const }
    const params = searchParams(request)
    expect(params.toString()).toBe(`byOwnerAddress=${ADDRESS}&byEdgeMode=DESTINATION&byProjectId=42`)
    expect(planFromParams(params)).toEqual({ mode: 'filters', request, candidates: [{ request }] })
  })

  it('flags a link whose filters do not pass their checks', () => {
    expect(planFromParams(new URLSearchParams('byOwnerAddress=0x12'))).toEqual({ mode: 'invalid' })
  })

  it('has nothing to do without filters', () => {
    expect(planFromParams(new URLSearchParams(''))).toEqual({ mode: 'none' })
    expect(planFromParams(new URLSearchParams('unrelated=1'))).toEqual({ mode: 'none' })
  })
})

describe('mergeHits', () => {
  const hit = (intentId: string): SearchHit => ({ key: intentId.toLowerCase(), intentId, from: {}, to: {}, providers: [], matchedAs: [] })

  it('lists each intent once, with every filter that found it', () => {
    const merged = mergeHits([
      { as: 'byOwnerAddress', hits: [hit('0xA'), hit('0xB')] },
      { as: 'byOriginIntentAddress', hits: [] },
      { as: 'byDestinationIntentAddress', hits: [hit('0xb'), hit('0xC')] },
    ])
    expect(merged.map((h) => [h.intentId, h.matchedAs])).toEqual([
      ['0xA', ['byOwnerAddress']],
      ['0xB', ['byOwnerAddress', 'byDestinationIntentAddress']],
      ['0xC', ['byDestinationIntentAddress']],
    ])
  })
})
