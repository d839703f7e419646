import { describe, expect, it } from 'vitest'
import { SEARCH_FILTERS } from '@contract/service/constants'
import { checkDraft, describeRequest, FILTER_FIELDS, NO_FILTER_MESSAGE, searchFilters, type FilterDraft } from './filters'

const HASH = '0x' + 'ab'.repeat(32)
const ADDRESS = '0x' + 'cd'.repeat(20)
const SOLANA = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

const draft = (values: Partial<FilterDraft>): FilterDraft => ({ ...searchFilters.empty, ...values })

describe('search filters', () => {
  it('offers every SearchIntents filter of the spec, each with a label', () => {
    expect(FILTER_FIELDS.map((f) => f.key).sort()).toEqual([...SEARCH_FILTERS].sort())
    for (const f of FILTER_FIELDS) expect(f.label.length).toBeGreaterThan(3)
  })

  it('builds one request from every filled filter, typed as the API wants', () => {
    const checked = checkDraft(
      draft({ byOwnerAddress: ` ${ADDRESS} `, byProjectId: '42', byEdgeMode: 'ORIGIN', byEdgeRail: 'SOLANA', byQueryString: 'usdc' }),
    )
    expect(checked).toEqual({
      ok: true,
      request: { byOwnerAddress: ADDRESS, byProjectId: 42, byEdgeMode: 'ORIGIN', byEdgeRail: 'SOLANA', byQueryString: 'usdc' },
    })
  })

  it('refuses a search with no filter, saying why', () => {
    expect(checkDraft(searchFilters.empty)).toEqual({ ok: false, errors: {}, formError: NO_FILTER_MESSAGE })
  })

  it.each([
    ['byIntentId', '0x1234', /64 hex digits/],
    ['byTransactionHash', HASH.slice(0, -1) + 'z', /64 hex digits/],
    ['byOwnerAddress', ADDRESS + 'ff', /40 hex digits/],
    ['byOriginIntentAddress', 'hello', /40 hex digits/],
    ['byDestinationIntentAddress', HASH, /40 hex digits/],
    ['byEdgeAddress', 'not an address', /base58/],
    ['byEdgeRail', 'sol-ana', /upper-case/],
    ['byEdgeMode', 'SIDEWAYS', /ORIGIN or DESTINATION/],
    ['byProjectId', '4.2', /whole number/],
  ] as const)('checks %s as typed', (key, value, message) => {
    const checked = checkDraft(draft({ [key]: value }))
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(checked.errors[key]).toMatch(message)
  })

  it('takes both EVM and non-EVM edge addresses', () => {
    expect(checkDraft(draft({ byEdgeAddress: SOLANA })).ok).toBe(true)
    expect(checkDraft(draft({ byEdgeAddress: ADDRESS })).ok).toBe(true)
  })

  it('takes any text for the query string', () => {
    expect(checkDraft(draft({ byQueryString: 'anything at all, 0x12' })).ok).toBe(true)
  })

  it('describes what a search applied', () => {
    expect(describeRequest({ byOwnerAddress: ADDRESS, byProjectId: 7, byQueryString: 'usdc' })).toBe(`owner ${ADDRESS}, project 7, text “usdc”`)
  })

  it('reads a search link written before the shared codec, and writes it back unchanged', () => {
    const link = `byOwnerAddress=${ADDRESS}&byEdgeRail=SOLANA&byProjectId=42&byQueryString=usdc+bridge`
    const filters = searchFilters.decode(new URLSearchParams(link))
    expect(checkDraft(filters)).toEqual({ ok: true, request: { byOwnerAddress: ADDRESS, byEdgeRail: 'SOLANA', byProjectId: 42, byQueryString: 'usdc bridge' } })
    expect(searchFilters.encode(filters).toString()).toBe(link)
  })
})
