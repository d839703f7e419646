import { describe, expect, it } from 'vitest'
import {
  GetIntentHistoryRequestSchema,
  GetIntentRequestSchema,
  IntentHistoryEntrySchema,
  IntentSchema,
  QuoteIntentRequestSchema,
  SearchIntentsRequestSchema,
  YieldBalanceQuerySchema,
} from '../service'

/** `0x5000…c0de` with a Cyrillic “с” (U+0441) for the “c”: it renders as the real one. */
const REAL = `0x5${'0'.repeat(35)}c0de`
const LOOK_ALIKE = REAL.replace('c0de', '\u0441' + '0de')
const HASH = `0x${'ab'.repeat(32)}`

const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)

describe('addresses, hashes and ids in service answers', () => {
  it('refuse a look-alike letter, naming the field and the character', () => {
    const r = IntentHistoryEntrySchema.safeParse({ intentId: HASH, receipt: { summary: { ownerAddress: LOOK_ALIKE } } })
    expect(issues(r)).toEqual([expect.stringMatching(/^receipt\.summary\.ownerAddress: .*“с” \(U\+0441\)/)])
  })

  it('refuse bidi controls and zero-width characters in hashes and intent ids', () => {
    expect(issues(IntentHistoryEntrySchema.safeParse({ intentId: HASH, receipt: { originTransaction: { txnHash: `${HASH}\u202e` } } }))).toEqual([
      expect.stringMatching(/^receipt\.originTransaction\.txnHash: .*U\+202E/),
    ])
    expect(issues(IntentSchema.safeParse({ intentId: `0x\u200b${HASH.slice(2)}` }))).toEqual([expect.stringMatching(/^intentId: .*U\+200B/)])
    expect(issues(IntentSchema.safeParse({ ownerAddress: `${REAL}\u2066` }))).toEqual([expect.stringMatching(/^ownerAddress: .*U\+2066/)])
  })

  it('keep plain values as sent', () => {
    const r = IntentHistoryEntrySchema.parse({ intentId: HASH, receipt: { summary: { ownerAddress: REAL }, originTransaction: { txnHash: HASH } } })
    expect(r.receipt?.summary?.ownerAddress).toBe(REAL)
  })
})

describe('addresses, hashes and ids a person sends', () => {
  it('are refused with a look-alike character, in every request that carries one', () => {
    expect(issues(SearchIntentsRequestSchema.safeParse({ byOwnerAddress: LOOK_ALIKE }))).toEqual([expect.stringMatching(/^byOwnerAddress: This value holds “с”/)])
    expect(issues(SearchIntentsRequestSchema.safeParse({ byTransactionHash: `${HASH}\u200b` }))).toHaveLength(1)
    expect(issues(GetIntentRequestSchema.safeParse({ intentId: `\u202e${HASH}` }))).toHaveLength(1)
    expect(issues(GetIntentHistoryRequestSchema.safeParse({ byParticipantAddresses: [REAL, LOOK_ALIKE] }))).toEqual([expect.stringMatching(/^byParticipantAddresses\.1: /)])
    expect(issues(YieldBalanceQuerySchema.safeParse({ address: LOOK_ALIKE, network: 'ethereum' }))).toEqual([expect.stringMatching(/^address: /)])
    const quote = { ownerAddress: LOOK_ALIKE, originChainId: 1, originTokenAddress: REAL, destinationChainId: 2, destinationTokenAddress: REAL, originTokenAmount: '1' }
    expect(issues(QuoteIntentRequestSchema.safeParse(quote))).toEqual([expect.stringMatching(/^ownerAddress: /)])
  })

  it('still take free text in any script', () => {
    expect(SearchIntentsRequestSchema.safeParse({ byQueryString: 'возврат средств' }).success).toBe(true)
    expect(SearchIntentsRequestSchema.safeParse({ byOwnerAddress: ` ${REAL} ` }).success).toBe(true)
  })
})
