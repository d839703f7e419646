import { beforeEach, describe, expect, it } from 'vitest'
import { cacheHistoryFiled, fakeEntry, freshDb, source } from '../../db/testing'
import { cachedRouteProviderCodes, learnProviderCodes, providerCodesIn, providerSuggestions } from './providerCodes'
import { forgetLearntData, providerCodesOf } from './testing'

beforeEach(() => {
  freshDb()
  forgetLearntData()
})

describe('provider codes', () => {
  it('keeps only upper-case codes from untyped route provider lists', () => {
    expect(providerCodesIn(['RELAYX', 'auto', 3, null, 'CCTP_V2', ''])).toEqual(['RELAYX', 'CCTP_V2'])
  })

  it('learns each code once per profile and suggests AUTO first', () => {
    learnProviderCodes('p1', ['ZED', 'AUTO', 'ALPHA', 'ZED'])
    learnProviderCodes('p1', ['ZED'])
    learnProviderCodes('p2', ['OTHER'])
    expect(providerCodesOf('p1')).toEqual(['ALPHA', 'ZED'])
    expect(providerCodesOf('p2')).toEqual(['OTHER'])
    expect(providerSuggestions(providerCodesOf('p1'))).toEqual(['AUTO', 'ALPHA', 'ZED'])
  })

  it('finds the codes of cached intents, per profile', async () => {
    await cacheHistoryFiled(source('p1'), [fakeEntry(1), fakeEntry(2)])
    expect((await cachedRouteProviderCodes('p1')).sort()).toEqual(['AUTO', 'RELAYX'])
    expect(await cachedRouteProviderCodes('p2')).toEqual([])
  })
})
