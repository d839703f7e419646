import { describe, expect, it } from 'vitest'
import { toCsv } from '@contract/csv'
import { parseKeys } from './keys'
import { keyCsvColumns, keyRows, tally, type KeyOutcome } from './report'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const OWNER = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'

describe('keyRows', () => {
  const parsed = parseKeys([hash(1), 'thanks!!', OWNER, hash(2), hash(1), hash(3), hash(4)].join('\n'))
  const outcomes = new Map<string, KeyOutcome>([
    [hash(1), { matches: [{ key: hash(1), intentId: hash(1), status: 'SUCCEEDED', originTokenAmount: '1500000' }] }],
    [OWNER, { matches: [{ key: OWNER, intentId: hash(8), status: 'FAILED', reason: 'reverted' }, { key: OWNER, intentId: hash(9), status: 'SUCCEEDED' }] }],
    [hash(2), { matches: [] }],
    [hash(3), { error: { kind: 'Unavailable', message: 'the service did not answer' } }],
  ])
  const rows = keyRows(parsed, (k) => outcomes.get(k))

  it('gives every non-blank line one row, in order, with its outcome', () => {
    expect(rows.map((r) => [r.line, r.outcome])).toEqual([
      [1, 'matched'],
      [2, 'not a key'],
      [3, 'matched 2'],
      [4, 'nothing found'],
      [5, 'repeat of line 1'],
      [6, 'failed: the service did not answer'],
      [7, 'not looked up'],
    ])
  })

  it('counts keys, not words or intents', () => {
    expect(tally(rows)).toEqual({ lookedUp: 4, matched: 2, nothingFound: 1, failed: 1, fromCache: 0, intents: 3 })
  })

  it('writes one CSV row per line, a key with several intents in one row', () => {
    const lines = toCsv(rows, keyCsvColumns(new Map())).split('\r\n')
    expect(lines).toHaveLength(rows.length + 2)
    expect(lines[0]).toMatch(/^line,input,outcome,intentId,status,/)
    expect(lines[2]).toBe('2,thanks!!,not a key' + ','.repeat(13))
    expect(lines[3]).toContain(`3,${OWNER},matched 2,${hash(8)}; ${hash(9)},FAILED; SUCCEEDED,`)
    expect(lines[4]).toBe(`4,${hash(2)},nothing found${','.repeat(13)}`)
  })

  it('writes each amount in token units beside its base units when the token is known', () => {
    const tokens = new Map([['1:0xa0b8', { symbol: 'USDC', decimals: 6 }]])
    const one = keyRows(parseKeys(hash(5)), () => ({ matches: [{ key: hash(5), intentId: hash(5), originChainId: 1, originTokenAddress: '0xA0b8', originTokenAmount: '22226712833' }] }))
    const [header, row] = toCsv(one, keyCsvColumns(tokens)).split('\r\n')
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]))
    expect(cells).toMatchObject({ originTokenSymbol: 'USDC', originAmount: '22226712833', originAmountUnits: '22226.712833' })
  })

  it("reads the deposit's own decimals before a learnt label's, as the table does", () => {
    const tokens = new Map([['1:0xa0b8', { symbol: 'USDC', decimals: 18 }]])
    const one = keyRows(parseKeys(hash(6)), () => ({
      matches: [{ key: hash(6), intentId: hash(6), originChainId: 1, originTokenAddress: '0xA0b8', originTokenAmount: '1500000', originTokenDecimals: 6 }],
    }))
    const [header, row] = toCsv(one, keyCsvColumns(tokens)).split('\r\n')
    const cells = Object.fromEntries(header!.split(',').map((h, i) => [h, row!.split(',')[i]]))
    expect(cells).toMatchObject({ originAmountUnits: '1.5' })
  })
})

describe('a key answered from the cache after its call failed', () => {
  it('says so in its outcome (the CSV’s too): the failed call, its failure and the cached rows’ fetch time; the tally counts it', () => {
    const parsed = parseKeys(hash(1))
    const at = Date.UTC(2026, 10, 27, 9, 30)
    const o: KeyOutcome = {
      matches: [{ key: hash(1), intentId: hash(1), status: 'SUCCEEDED' }],
      liveError: { kind: 'Unauthorized', message: 'The access key was rejected.', operation: 'SearchIntents' },
      fetchedAt: at,
    }
    const rows = keyRows(parsed, () => o)
    const outcome = 'matched in the cache: SearchIntents failed (The access key was rejected.); cached data, fetched at 2026-11-27T09:30:00.000Z'
    expect(rows[0].outcome).toBe(outcome)
    expect(tally(rows)).toMatchObject({ matched: 1, failed: 0, fromCache: 1 })
    expect(toCsv(rows, keyCsvColumns(new Map()))).toContain(outcome)
  })
})
