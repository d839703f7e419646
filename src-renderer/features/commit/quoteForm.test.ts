// @vitest-environment node
import { describe, expect, it } from 'vitest'
import type { TokenChoice } from '../../data/reference/knownTokens'
import { baseUnitsHint, checkQuoteDraft, DEFAULT_QUOTE_DRAFT, quotedAmountText, tokenAfterChainChange, type DraftTokens } from './quoteForm'

const OWNER = '0x' + '0a'.repeat(20)
const USDC_BASE: TokenChoice = { chainId: 8453, address: DEFAULT_QUOTE_DRAFT.originTokenAddress, symbol: 'USDC', decimals: 6 }
const USDC_ARB: TokenChoice = { chainId: 42161, address: DEFAULT_QUOTE_DRAFT.destinationTokenAddress, symbol: 'USDC', decimals: 6 }
const KNOWN: DraftTokens = { origin: USDC_BASE, destination: USDC_ARB }

describe('checkQuoteDraft', () => {
  it('asks for the owner the defaults leave blank', () => {
    const checked = checkQuoteDraft(DEFAULT_QUOTE_DRAFT, KNOWN)
    expect(checked.ok).toBe(false)
    if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(['ownerAddress'])
  })

  it('builds a QuoteIntent request with the amount converted exactly from token units', () => {
    const checked = checkQuoteDraft({ ...DEFAULT_QUOTE_DRAFT, ownerAddress: OWNER, originTokenAmount: '1234567890123456.789012', slippagePercent: '1' }, KNOWN)
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
    const checked = checkQuoteDraft(
      {
        ...DEFAULT_QUOTE_DRAFT,
        ownerAddress: OWNER,
        originTokenAmount: '1.5000001',
        destinationTokenAddress: 'USDC',
        destinationToAddress: '0x12',
        slippagePercent: '150',
        originChainId: '',
      },
      { origin: USDC_BASE },
    )
    expect(checked.ok).toBe(false)
    if (!checked.ok) {
      expect(Object.keys(checked.errors).sort()).toEqual(
        ['destinationToAddress', 'destinationTokenAddress', 'originChainId', 'originTokenAmount', 'slippagePercent'].sort(),
      )
      expect(checked.errors.originTokenAmount).toBe('USDC has 6 decimals: at most 6 digits after the point')
    }
  })

  it('asks for the decimals of a token it does not know, and converts with them', () => {
    const unknown = { ...DEFAULT_QUOTE_DRAFT, ownerAddress: OWNER, originTokenAddress: '0x' + '3f'.repeat(20), originTokenAmount: '1.5' }
    const first = checkQuoteDraft(unknown, { destination: USDC_ARB })
    expect(first.ok === false && first.errors).toEqual({ originTokenDecimals: expect.stringMatching(/enter its decimals/) })
    expect(checkQuoteDraft({ ...unknown, originTokenDecimals: '256' }, {}).ok).toBe(false)
    const second = checkQuoteDraft({ ...unknown, originTokenDecimals: '18' }, { destination: USDC_ARB })
    expect(second.ok && second.request.originTokenAmount).toBe('1500000000000000000')
  })

  it('refuses an amount the token cannot hold, never sending it', () => {
    const checked = checkQuoteDraft({ ...DEFAULT_QUOTE_DRAFT, ownerAddress: OWNER, originTokenAmount: '9'.repeat(80) }, KNOWN)
    expect(checked.ok === false && checked.errors.originTokenAmount).toMatch(/Too large/)
  })

  it('sends the recipient and the native-gas choice only when given', () => {
    const checked = checkQuoteDraft({ ...DEFAULT_QUOTE_DRAFT, ownerAddress: OWNER, destinationToAddress: OWNER, onlyNativeGasFee: true, slippagePercent: '' }, KNOWN)
    expect(checked.ok && checked.request).toMatchObject({ destinationToAddress: OWNER, onlyNativeGasFee: true })
    expect(checked.ok && 'options' in checked.request).toBe(false)
  })
})

describe('the quote form helpers', () => {
  const ETH: TokenChoice = { chainId: 42161, address: '0x' + '00'.repeat(20), symbol: 'ETH', decimals: 18, native: true }

  it('keeps the same symbol when the chain changes, else falls back to the native coin', () => {
    expect(tokenAfterChainChange(USDC_BASE, [ETH, USDC_ARB])).toBe(USDC_ARB.address)
    expect(tokenAfterChainChange(USDC_BASE, [ETH])).toBe(ETH.address)
    expect(tokenAfterChainChange(undefined, [])).toBe('')
  })

  it('says the base units that will be sent, and the amount in token units', () => {
    const request = { ownerAddress: OWNER, originChainId: 8453, originTokenAddress: USDC_BASE.address, originTokenAmount: '24939590', destinationChainId: 42161, destinationTokenAddress: USDC_ARB.address }
    expect(baseUnitsHint(request)).toBe('= 24,939,590 base units')
    expect(baseUnitsHint(undefined)).toBeUndefined()
    expect(quotedAmountText(request, USDC_BASE)).toBe('24.93959 USDC')
    expect(quotedAmountText(request, undefined)).toBe('24939590 base units')
  })
})
