import { describe, expect, it } from 'vitest'
import { checkQuoteDraft, DEFAULT_QUOTE_DRAFT } from './quoteForm'

const OWNER = '0x' + '0a'.repeat(20)

describe('checkQuoteDraft', () => {
  it('asks for the owner the defaults leave blank', () => {
    const checked = checkQuoteDraft(DEFAULT_QUOTE_DRAFT)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(['ownerAddress'])
  })

  it('builds a QuoteIntent request with the amount exactly as typed', () => {
    const checked = checkQuoteDraft({ ...DEFAULT_QUOTE_DRAFT, ownerAddress: OWNER, originTokenAmount: '1234567890123456789012', slippagePercent: '1' })
    expect(checked).toEqual({
      ok: true,
      request: {
        ownerAddress: OWNER,
        originChainId: 8453,
        originTokenAddress: DEFAULT_QUOTE_DRAFT.originTokenAddress,
        originTokenAmount: '1234567890123456789012',
        destinationChainId: 42161,
        destinationTokenAddress: DEFAULT_QUOTE_DRAFT.destinationTokenAddress,
        options: { slippageTolerance: 0.01 },
      },
    })
  })

  it('names each wrong field', () => {
    const checked = checkQuoteDraft({
      ...DEFAULT_QUOTE_DRAFT,
      ownerAddress: OWNER,
      originTokenAmount: '1.5',
      destinationTokenAddress: 'USDC',
      destinationToAddress: '0x12',
      slippagePercent: '150',
      originChainId: '',
    })
    expect(checked.ok).toBe(false)
    if (!checked.ok)
      expect(Object.keys(checked.errors).sort()).toEqual(
        ['destinationToAddress', 'destinationTokenAddress', 'originChainId', 'originTokenAmount', 'slippagePercent'].sort(),
      )
  })

  it('sends the recipient and the native-gas choice only when given', () => {
    const checked = checkQuoteDraft({ ...DEFAULT_QUOTE_DRAFT, ownerAddress: OWNER, destinationToAddress: OWNER, onlyNativeGasFee: true, slippagePercent: '' })
    expect(checked.ok && checked.request).toMatchObject({ destinationToAddress: OWNER, onlyNativeGasFee: true })
    expect(checked.ok && 'options' in checked.request).toBe(false)
  })
})
