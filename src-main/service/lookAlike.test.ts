import { describe, expect, it } from 'vitest'
import { SvcFailure } from '../../src-shared/contract/errors'
import { SvcClient } from './client'
import type { FetchLike } from './transport'

/**
 * A service answering with look-alike addresses and hashes: an owner with a Cyrillic
 * “с”, a transaction hash ending in a right-to-left override, an intent id with a
 * zero-width space. None reaches the app as an address; each refusal names its field.
 */

const REAL = `0x5${'0'.repeat(35)}c0de`
const LOOK_ALIKE = REAL.replace('c0de', '\u0441' + '0de')
const HASH = `0x${'ab'.repeat(32)}`

function answering(body: unknown): SvcClient {
  const fetch: FetchLike = async () => ({ status: 200, headers: new Headers({ 'Content-Type': 'application/json' }), text: async () => JSON.stringify(body) })
  return new SvcClient({ baseUrl: 'https://svc.example.com', getAccessKey: () => 'k', fetch, retry: { attempts: 1, sleep: async () => {} } })
}

/** What the app gets: the answer, or the failure it is turned into. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await p)
  } catch (e) {
    if (e instanceof SvcFailure) return JSON.stringify(e.error)
    throw e
  }
}

describe('look-alike addresses and hashes from the service', () => {
  it('never reach the app; the refusal names the field', async () => {
    const entry = (over: object) => ({ intentId: HASH, status: 'SUCCEEDED', ...over })
    const cases: Array<[object, string, string]> = [
      [entry({ receipt: { summary: { ownerAddress: LOOK_ALIKE } } }), LOOK_ALIKE, 'ownerAddress'],
      [entry({ receipt: { originTransaction: { txnHash: `${HASH}\u202e` } } }), `${HASH}\u202e`, 'txnHash'],
      [entry({ intentId: `0x\u200b${HASH.slice(2)}` }), `0x\u200b${HASH.slice(2)}`, 'intentId'],
    ]
    for (const [bad, value, field] of cases) {
      const text = await outcome(answering({ intents: [bad] }).getIntentHistory({}))
      expect(text, field).not.toContain(JSON.stringify(value).slice(1, -1))
      expect(text, field).toContain(field)
      expect(text, field).toMatch(/U\+(0441|202E|200B)/)
    }
  })

  it('a plain answer comes through unchanged', async () => {
    const answer = await answering({ intents: [{ intentId: HASH, receipt: { summary: { ownerAddress: REAL } } }] }).getIntentHistory({})
    expect(answer.intents[0].receipt?.summary?.ownerAddress).toBe(REAL)
  })
})
