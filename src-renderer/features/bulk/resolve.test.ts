import '../../testing/svc'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SearchIntentsRequest } from '@contract/service'
import { answers, callsOf, okFetched } from '../../testing/bridge'
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
    const r = await resolveOnline({ value: HASH, kind: 'hash' })
    expect(r.ok).toBe(true)
    const matches = r.ok ? r.value : []
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
    const r = await resolveOnline({ value: HASH, kind: 'hash' })
    expect(r.ok && r.value.map((m) => m.intentId)).toEqual(['42'])
  })
})
