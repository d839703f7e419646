import { describe, expect, it, vi } from 'vitest'
import type { WireDialect } from '../../src-shared/contract/dialect'
import { parseJsonLossless } from '../../src-shared/contract/losslessJson'
import { IntentSchema, type Intent } from '../../src-shared/contract/service'
import { SvcClient } from './client'
import type { FetchLike } from './transport'

/**
 * A pasted intent is committed with its own text, also by a client that never saw the
 * quote (as after a restart): the Commit view passes the text along with the intent it
 * read from it, exactly as the renderer reads it.
 */

const DEPLOYED: WireDialect = { serviceName: 'Acme', renames: [], bigInts: 'string' }
const INTENT_ID = `0x${'ab'.repeat(32)}`
const TWO_64 = '18446744073709551616'
const TWO_64_PLUS = '18446744073709551617'

/** A fresh client and the bodies it sends. */
function fresh(dialect?: WireDialect) {
  const bodies: string[] = []
  const fetch: FetchLike = vi.fn(async (_url, init) => {
    bodies.push(init.body)
    return { status: 200, headers: new Headers(), text: async () => `{"intentId":"${INTENT_ID}"}` }
  })
  const client = new SvcClient({ baseUrl: 'https://svc.example.com', getAccessKey: () => 'k', fetch, dialect, retry: { sleep: async () => {} } })
  return { client, bodies }
}

/** What the Commit view sends: the intent as it reads the box, and the box's text. */
function asCommitViewReads(text: string): Intent {
  const json = parseJsonLossless(text) as { intent?: unknown }
  return IntentSchema.parse(typeof json.intent === 'object' ? json.intent : json)
}

// The deployed service's own writing: plain strings for gasPrice/nativeCost, 2^64-sized
// integers as strings, a checksummed address, spacing and key order of its own.
const deployedIntentText = `{
    "intentId": "${INTENT_ID}",
    "ownerAddress": "0xAbC0000000000000000000000000000000000DeF",
    "salt": "${TWO_64}",
    "originCalls": { "chainId": 8453, "space": "${TWO_64_PLUS}", "nonce": "${TWO_64}" },
    "gasFeeOptions": { "gasEstimate": { "gasPrice": "1000000", "nativeCost": "0.000021000", "totalGas": "21000" } },
    "acmeVersion": "v3",
    "quote": { "fromAmount": "${TWO_64_PLUS}", "estimatedDuration": 90.50 }
  }`
const deployedAnswer = `{ "intent": ${deployedIntentText},
  "gasFeeOptions": { "gasEstimate": { "gasPrice": "1000000", "nativeCost": "0.000021000" } } }`

describe('committing a pasted intent', () => {
  it('sends the pasted QuoteIntent answer’s intent byte for byte, plain strings and 2^64-sized integers included', async () => {
    const { client, bodies } = fresh(DEPLOYED)
    await client.commitIntent({ intent: asCommitViewReads(deployedAnswer) }, { pastedText: deployedAnswer })
    expect(bodies).toEqual([`{"intent":${deployedIntentText}}`])
  })

  it('sends a pasted bare intent in the spec’s form (bare big numbers) byte for byte', async () => {
    const text = `{"intentId":"${INTENT_ID}", "salt": ${TWO_64}, "originCalls": {"space": ${TWO_64_PLUS}, "nonce": 7},
      "gasFeeOptions": {"gasEstimate": {"gasPrice": "1000000", "nativeCost": "0.000021"}}, "quote": {"fromAmount": ${TWO_64}}}`
    const { client, bodies } = fresh()
    await client.commitIntent({ intent: asCommitViewReads(text) }, { pastedText: `\n  ${text}\n` })
    expect(bodies).toEqual([`{"intent":${text}}`])
  })

  it('encodes the intent afresh when it was edited after the text was read', async () => {
    const { client, bodies } = fresh(DEPLOYED)
    const edited = { ...asCommitViewReads(deployedAnswer), salt: '1' }
    await client.commitIntent({ intent: edited }, { pastedText: deployedAnswer })
    const sent = JSON.parse(bodies[0]) as { intent: Record<string, unknown> }
    expect(sent.intent.salt).toBe('1')
    expect(sent.intent.gasFeeOptions).toMatchObject({ gasEstimate: { gasPrice: '1000000', nativeCost: '0.000021000' } })
  })

  it('encodes afresh text in another form than the service’s: spec spellings or the other big-integer form', async () => {
    // Copied from this app's raw view: the spec's names and amounts as strings.
    const specForm = `{"intentId":"${INTENT_ID}","serviceVersion":"v3","salt":"${TWO_64}"}`
    const deployed = fresh(DEPLOYED)
    await deployed.client.commitIntent({ intent: asCommitViewReads(specForm) }, { pastedText: specForm })
    expect(JSON.parse(deployed.bodies[0])).toEqual({ intent: { intentId: INTENT_ID, acmeVersion: 'v3', salt: TWO_64 } })

    // Strings where the spec's form wants bare numbers.
    const spec = fresh()
    await spec.client.commitIntent({ intent: asCommitViewReads(specForm) }, { pastedText: specForm })
    expect(spec.bodies[0]).toContain(`"salt":${TWO_64}`)
    expect(spec.bodies[0]).toContain('"serviceVersion":"v3"')
  })

  it('ignores text that is not JSON or not an object', async () => {
    const intent = asCommitViewReads(deployedAnswer)
    for (const pastedText of ['{not json', '[1,2]']) {
      const { client, bodies } = fresh(DEPLOYED)
      await client.commitIntent({ intent }, { pastedText })
      expect(JSON.parse(bodies[0]).intent.intentId).toBe(INTENT_ID)
      expect(bodies[0]).not.toContain('\n')
    }
  })
})
