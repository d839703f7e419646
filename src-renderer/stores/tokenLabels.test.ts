import { beforeEach, describe, expect, it } from 'vitest'
import { KEPT_LABELS, useTokenLabelStore } from './tokenLabels'

const KEY = 'intent-explorer.token-labels'

beforeEach(() => {
  useTokenLabelStore.setState({ byProfile: new Map() })
  // Written when the window is idle or the page goes away (`storageWrittenWhenIdle`): the page going away writes it now.
  window.dispatchEvent(new Event('pagehide'))
  localStorage.clear()
})

describe('the token labels store', () => {
  it('is kept in local storage as entry lists, each profile capped to the newest labels', () => {
    const many = new Map(Array.from({ length: KEPT_LABELS + 5 }, (_, i) => [`1:0x${i}`, { symbol: `T${i}` }] as const))
    useTokenLabelStore.setState({ byProfile: new Map([['a', many]]) })
    expect(localStorage.getItem(KEY)).toBeNull()
    window.dispatchEvent(new Event('pagehide'))
    const stored = JSON.parse(localStorage.getItem(KEY)!) as { state: { byProfile: Array<[string, Array<[string, unknown]>]> } }
    expect(stored.state.byProfile[0][0]).toBe('a')
    expect(stored.state.byProfile[0][1]).toHaveLength(KEPT_LABELS)
    expect(stored.state.byProfile[0][1].at(-1)).toEqual([`1:0x${KEPT_LABELS + 4}`, { symbol: `T${KEPT_LABELS + 4}` }])
  })

  it('reads the stored lists back into maps, dropping whatever is not a label', async () => {
    const stored = { state: { byProfile: [['a', [['1:0xt', { symbol: 'USDC', decimals: 6 }], ['1:0xbad', 'not a label'], 'junk']], ['b', 'not a list'], 7] }, version: 0 }
    localStorage.setItem(KEY, JSON.stringify(stored))
    await useTokenLabelStore.persist.rehydrate()
    const byProfile = useTokenLabelStore.getState().byProfile
    expect([...byProfile.keys()]).toEqual(['a'])
    expect([...byProfile.get('a')!]).toEqual([['1:0xt', { symbol: 'USDC', decimals: 6 }]])
  })

  it('starts empty from a store that holds no list', async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { byProfile: { a: {} } }, version: 0 }))
    await useTokenLabelStore.persist.rehydrate()
    expect(useTokenLabelStore.getState().byProfile.size).toBe(0)
  })
})
