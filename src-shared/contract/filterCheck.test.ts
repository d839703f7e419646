import { describe, expect, it } from 'vitest'
import { checkHistoryFilters, checkSearchFilters, ignoredFiltersNotice } from './filterCheck'
import type { Intent, IntentHistoryEntry } from './service'

const entry = (id: string, status: string, owner: string, originChainId: number, createdAt: string, edge?: { rail: string }): IntentHistoryEntry =>
  ({
    intentId: id,
    status,
    createdAt,
    receipt: { intentId: id, status, ownerAddress: owner, originChainId, destinationChainId: 10, summary: { intentId: id, ownerAddress: owner, ...(edge && { edge }) } },
  }) as IntentHistoryEntry

const rows = [
  entry('a', 'FAILED', '0xAA', 1, '2026-11-20T10:00:00Z'),
  entry('b', 'SUCCEEDED', '0xbb', 8453, '2026-11-21T10:00:00Z', { rail: 'SOLANA' }),
  entry('c', 'FAILED', '0xbb', 1, '2026-11-22T10:00:00Z'),
]

describe('checkHistoryFilters', () => {
  it('finds nothing ignored when every row matches what was sent', () => {
    const r = checkHistoryFilters({ byStatuses: ['FAILED'], originChainId: 1 }, rows.filter((e) => e.status === 'FAILED'))
    expect(r.ignored).toEqual([])
    expect(r.rows.map((e) => e.intentId)).toEqual(['a', 'c'])
  })

  it('names each filter a row contradicts and applies it here', () => {
    const r = checkHistoryFilters({ byStatus: 'FAILED', byOwnerAddress: '0xaa' }, rows)
    expect(r.ignored.sort()).toEqual(['byOwnerAddress', 'byStatus'])
    expect(r.rows.map((e) => e.intentId)).toEqual(['a'])
  })

  it('compares addresses in any case, and times by whole seconds at both ends', () => {
    expect(checkHistoryFilters({ byOwnerAddress: '0xBB' }, rows.slice(1)).ignored).toEqual([])
    const from = Date.parse('2026-11-21T10:00:00Z') / 1000
    expect(checkHistoryFilters({ fromTime: from, toTime: from }, [rows[1]]).ignored).toEqual([])
    expect(checkHistoryFilters({ fromTime: from }, rows).ignored).toEqual(['fromTime'])
    expect(checkHistoryFilters({ toTime: from }, rows).rows.map((e) => e.intentId)).toEqual(['a', 'b'])
  })

  it('an edge filter excludes rows without an edge; a row that does not show a field is kept', () => {
    const r = checkHistoryFilters({ byEdgeRail: 'SOLANA' }, rows)
    expect(r.ignored).toEqual(['byEdgeRail'])
    expect(r.rows.map((e) => e.intentId)).toEqual(['b'])
    const bare = { intentId: 'x' } as IntentHistoryEntry
    expect(checkHistoryFilters({ byStatus: 'FAILED', originChainId: 1 }, [bare])).toEqual({ ignored: [], rows: [bare] })
  })
})

it('a participant filter is judged only on an entry that shows every role', () => {
  const partial = entry('p', 'FAILED', '0xaa', 1, '2026-11-20T10:00:00Z')
  // The recipient and intent addresses are not shown: the entry may involve the address there.
  expect(checkHistoryFilters({ byParticipantAddresses: ['0xdd'] }, [partial]).ignored).toEqual([])
  const full = { ...partial, receipt: { ...partial.receipt, summary: { ...partial.receipt!.summary, originIntentAddress: '0x1', destinationIntentAddress: '0x2', destinationToAddress: '0x3' } } }
  expect(checkHistoryFilters({ byParticipantAddresses: ['0xdd'] }, [full]).ignored).toEqual(['byParticipantAddresses'])
  expect(checkHistoryFilters({ byParticipantAddresses: ['0x3'] }, [full]).ignored).toEqual([])
})

describe('checkSearchFilters', () => {
  it('names an edge filter the service did not apply', () => {
    const intents = [{ intentId: 'a', ownerAddress: '0xaa' }, { intentId: 'b', ownerAddress: '0xaa', edge: { rail: 'SOLANA' } }] as Intent[]
    const r = checkSearchFilters({ byOwnerAddress: '0xAA', byEdgeRail: 'SOLANA' }, intents)
    expect(r.ignored).toEqual(['byEdgeRail'])
    expect(r.rows.map((i) => i.intentId)).toEqual(['b'])
  })
})

it('says what was ignored and what the view does about it', () => {
  expect(ignoredFiltersNotice(['byStatus'])).toMatch(/^The service ignored: byStatus\. It is applied here/)
})
