import { beforeEach, describe, expect, it } from 'vitest'
import { cacheHistoryFiled, fakeEntry, freshDb, source } from '../db/testing'
import { cachedRouteProviderCodes, providerCodesIn, providerSuggestions, useProviderCodes } from './providerCodes'

beforeEach(() => {
  freshDb()
  useProviderCodes.setState({ codes: [] })
})

describe('provider codes', () => {
  it('keeps only upper-case codes from untyped route provider lists', () => {
    expect(providerCodesIn(['RELAYX', 'auto', 3, null, 'CCTP_V2', ''])).toEqual(['RELAYX', 'CCTP_V2'])
  })

  it('learns each code once and suggests AUTO first', () => {
    useProviderCodes.getState().learn(['ZED', 'AUTO', 'ALPHA'])
    useProviderCodes.getState().learn(['ZED'])
    expect(useProviderCodes.getState().codes).toEqual(['ALPHA', 'ZED'])
    expect(providerSuggestions(useProviderCodes.getState().codes)).toEqual(['AUTO', 'ALPHA', 'ZED'])
  })

  it('finds the codes of cached intents, per profile', async () => {
    await cacheHistoryFiled(source('p1'), [fakeEntry(1), fakeEntry(2)])
    expect((await cachedRouteProviderCodes('p1')).sort()).toEqual(['AUTO', 'RELAYX'])
    expect(await cachedRouteProviderCodes('p2')).toEqual([])
  })
})
