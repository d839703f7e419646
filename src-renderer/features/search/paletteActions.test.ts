import { describe, expect, it } from 'vitest'
import { paletteActions } from './paletteActions'

const HASH = '0x' + 'ab'.repeat(32)
const ADDRESS = '0x' + 'cd'.repeat(20)
const VIEWS = [
  { label: 'Search', to: '/search' },
  { label: 'History', to: '/history' },
  { label: 'Settings', to: '/settings' },
]

const labels = (input: string) => paletteActions(input, VIEWS).map((a) => a.label)

describe('paletteActions', () => {
  it('opens, searches and watches a hash', () => {
    const actions = paletteActions(HASH, VIEWS)
    expect(actions[0]).toMatchObject({ kind: 'navigate', to: `/intent/${HASH}` })
    expect(actions.find((a) => a.id === 'search-all')).toMatchObject({ to: `/search?q=${HASH}` })
    expect(actions.find((a) => a.id === 'search-byTransactionHash')).toMatchObject({ label: 'Search as transaction hash', to: `/search?byTransactionHash=${HASH}` })
    expect(actions.at(-1)).toEqual({ id: 'watch', label: expect.stringMatching(/^Watch intent 0xabab/), kind: 'watch', intentId: HASH })
  })

  it('searches an address in each role', () => {
    expect(labels(ADDRESS).slice(1)).toEqual([
      'Search as owner',
      'Search as origin intent address',
      'Search as destination intent address',
      'Search as edge address',
    ])
  })

  it('lists every view for blank input', () => {
    expect(labels('')).toEqual(['Go to Search', 'Go to History', 'Go to Settings'])
  })

  it('puts a matching view before a text search', () => {
    expect(labels('hist')).toEqual(['Go to History', 'Search text “hist”'])
    expect(labels('zzz')).toEqual(['Search text “zzz”'])
  })

  it('searches a number as a project id', () => {
    expect(paletteActions('42', VIEWS)).toEqual([{ id: 'search-byProjectId', label: 'Search as project', kind: 'navigate', to: '/search?byProjectId=42' }])
  })
})
