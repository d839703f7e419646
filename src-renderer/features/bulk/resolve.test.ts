import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SearchIntentsRequest } from '@contract/service'
import { cacheIntents } from '../../db'
import { fakeIntent, intentIdOf, source } from '../../db/testing'
import { answers, callsOf, failure, okFetched } from '../../testing/bridge'
import { resetWorld } from '../../testing/harness'
import { resolveOnline } from './resolve'

const HASH = `0x${'ab'.repeat(32)}`
const NAMED = `0x${'cd'.repeat(32)}`

beforeEach(() => resetWorld())

describe('resolveOnline', () => {
  it('labels an intent the service sent without any id by the key that found it', async () => {
    answers.set('searchIntents', (req: SearchIntentsRequest) =>
      okFetched({ intents: req.byTransactionHash ? [{ status: 'FAILED', originChainId: 1 }, { intentId: NAMED, status: 'SUCCEEDED' }] : [] }),
    )
    const r = await resolveOnline('p1', { value: HASH, kind: 'hash' })
    expect(r.error).toBeUndefined()
    const matches = r.matches ?? []
    expect(matches.map((m) => [m.key, m.intentId, m.status])).toEqual([
      [HASH, HASH, 'FAILED'],
      [HASH, NAMED, 'SUCCEEDED'],
    ])
    expect(matches.some((m) => m.intentId === 'undefined')).toBe(false)
    // A receipt can only be asked for by a real id.
    expect(callsOf('getIntentReceipt')).toEqual([])
  })

  it('keeps the numeric id when the service sends only that', async () => {
    answers.set('searchIntents', (req: SearchIntentsRequest) => okFetched({ intents: req.byTransactionHash ? [{ id: 42, status: 'SUCCEEDED' }] : [] }))
    const r = await resolveOnline('p1', { value: HASH, kind: 'hash' })
    expect(r.matches?.map((m) => m.intentId)).toEqual(['42'])
  })
})

describe('resolveOnline, exact matches only', () => {
  const OWNER = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'
  it('keeps only intents whose id or address equals the key, and never searches by free text', async () => {
    answers.set('searchIntents', (req: SearchIntentsRequest) => {
      if (req.byOwnerAddress) return okFetched({ intents: [{ intentId: HASH, ownerAddress: OWNER }, { intentId: NAMED, ownerAddress: `0x${'9'.repeat(40)}` }] })
      return okFetched({ intents: [] })
    })
    const r = await resolveOnline('p1', { value: OWNER, kind: 'evmAddress' })
    expect(r.matches?.map((m) => m.intentId)).toEqual([HASH])
    expect(callsOf('searchIntents').some((c) => (c as SearchIntentsRequest).byQueryString !== undefined)).toBe(false)
  })

  it('drops an intent a byIntentId reading returned under another id', async () => {
    answers.set('searchIntents', (req: SearchIntentsRequest) => okFetched({ intents: req.byIntentId ? [{ intentId: NAMED, status: 'SUCCEEDED' }] : [] }))
    const r = await resolveOnline('p1', { value: HASH, kind: 'hash' })
    expect(r).toEqual({ matches: [] })
  })

  it('does not look up a key of another shape at all', async () => {
    const r = await resolveOnline('p1', { value: 'see', kind: 'text' })
    expect(r).toEqual({ matches: [] })
    expect(callsOf('searchIntents')).toEqual([])
  })
})

describe('resolveOnline, the one fallback rule', () => {
  const KEY = intentIdOf(1)
  it('a failed call shows the cache’s matches for the key beside the failure and their fetch time', async () => {
    const fetched = source('p1')
    await cacheIntents(fetched, [fakeIntent(1, { status: 'SUCCEEDED' })])
    answers.set('searchIntents', () => ({ ok: false, error: { kind: 'Unauthorized', message: 'The access key was rejected.', operation: 'SearchIntents' } }))
    const r = await resolveOnline('p1', { value: KEY, kind: 'hash' })
    expect(r.matches?.map((m) => [m.key, m.intentId, m.status])).toEqual([[KEY, KEY, 'SUCCEEDED']])
    expect(r.liveError).toMatchObject({ kind: 'Unauthorized', operation: 'SearchIntents' })
    expect(r.fetchedAt).toBe(fetched.fetchedAt)
  })

  it('with nothing cached for the key (or cached for another profile), the failure is the answer', async () => {
    await cacheIntents(source('p2'), [fakeIntent(1)])
    answers.set('searchIntents', () => failure('Unavailable', 'The service is unavailable (503).'))
    const r = await resolveOnline('p1', { value: KEY, kind: 'hash' })
    expect(r).toEqual({ error: { kind: 'Unavailable', message: 'The service is unavailable (503).' } })
  })

  it('a live answer is not marked, even when the cache holds the key too', async () => {
    await cacheIntents(source('p1'), [fakeIntent(1)])
    answers.set('searchIntents', (req: SearchIntentsRequest) => okFetched({ intents: req.byIntentId ? [{ intentId: KEY, status: 'EXECUTING' }] : [] }))
    const r = await resolveOnline('p1', { value: KEY, kind: 'hash' })
    expect(r).toEqual({ matches: [expect.objectContaining({ intentId: KEY, status: 'EXECUTING' })] })
  })
})
