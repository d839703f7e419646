import { describe, expect, it } from 'vitest'
import { isEvmAddress, isHash32 } from '@contract/formats'
import { classifyInput, isBase58Address, isWholeNumber } from './classifyInput'

const HASH = '0x' + 'ab12'.repeat(16)
const ADDRESS = '0x' + 'Cd34'.repeat(10)
const SOLANA = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

describe('classifyInput', () => {
  it('recognises a 66-character hash', () => {
    expect(classifyInput(HASH)).toEqual({ kind: 'hash', value: HASH })
  })

  it('recognises a 42-character address, keeping its case', () => {
    expect(classifyInput(ADDRESS)).toEqual({ kind: 'evmAddress', value: ADDRESS })
  })

  it('takes a whole number for a project id', () => {
    expect(classifyInput('42')).toEqual({ kind: 'number', value: '42' })
  })

  it('recognises a base58 account of a non-EVM rail', () => {
    expect(classifyInput(SOLANA)).toEqual({ kind: 'edgeAddress', value: SOLANA })
  })

  it('falls back to free text', () => {
    expect(classifyInput('usdc to base')).toEqual({ kind: 'text', value: 'usdc to base' })
    expect(classifyInput('0x1234')).toEqual({ kind: 'text', value: '0x1234' })
  })

  it('treats blank input as empty', () => {
    expect(classifyInput('  \n\t ')).toEqual({ kind: 'empty', value: '' })
  })

  it('cleans what comes along with a paste', () => {
    expect(classifyInput(`  "${HASH}",\n`)).toEqual({ kind: 'hash', value: HASH })
    expect(classifyInput(` '${ADDRESS}' `)).toEqual({ kind: 'evmAddress', value: ADDRESS })
  })

  it('adds the 0x a bare 64-digit hash was copied without', () => {
    expect(classifyInput(HASH.slice(2))).toEqual({ kind: 'hash', value: HASH })
  })

  it('lifts the hash or address out of an explorer or app link', () => {
    expect(classifyInput(`https://etherscan.io/tx/${HASH}`)).toEqual({ kind: 'hash', value: HASH })
    expect(classifyInput(`https://basescan.org/address/${ADDRESS}#tokentxns`)).toEqual({ kind: 'evmAddress', value: ADDRESS })
    expect(classifyInput(`#/intent/${HASH}`)).toEqual({ kind: 'hash', value: HASH })
  })

  it('does not mistake a huge number for a project id', () => {
    expect(classifyInput('12345678901234567890').kind).toBe('text')
  })
})

describe('look-alikes', () => {
  /** `0x5000…c0de` with a Cyrillic “с” (U+0441): it renders as the real address. */
  const OWNER = `0x5${'0'.repeat(35)}c0de`
  const LOOK_ALIKE = OWNER.replace('c0de', '\u0441' + '0de')

  it('refuses an address or hash with a look-alike letter, naming it', () => {
    expect(classifyInput(LOOK_ALIKE)).toEqual({ kind: 'lookalike', value: LOOK_ALIKE, problem: expect.stringMatching(/“с” \(U\+0441\)/) })
    expect(classifyInput(HASH.replace('a', '\u0430')).kind).toBe('lookalike')
    expect(classifyInput('0\u0445' + OWNER.slice(2)).kind).toBe('lookalike')
    expect(classifyInput(SOLANA.replace('K', '\u039a')).kind).toBe('lookalike')
  })

  it('refuses bidi controls and zero-width characters anywhere, even in text', () => {
    expect(classifyInput(`${OWNER}\u200b`)).toMatchObject({ kind: 'lookalike', problem: expect.stringMatching(/U\+200B/) })
    expect(classifyInput(`\u202e${HASH}`)).toMatchObject({ kind: 'lookalike', problem: expect.stringMatching(/U\+202E/) })
    expect(classifyInput('refund \u2066pending').kind).toBe('lookalike')
  })

  it('still reads ordinary text in any script as text', () => {
    expect(classifyInput('возврат средств').kind).toBe('text')
    expect(classifyInput('Überweisung').kind).toBe('text')
    expect(classifyInput(OWNER).kind).toBe('evmAddress')
  })
})

describe('field validators', () => {
  it('check exact lengths and alphabets', () => {
    expect(isHash32(HASH)).toBe(true)
    expect(isHash32(HASH + '0')).toBe(false)
    expect(isHash32(HASH.replace('a', 'g'))).toBe(false)
    expect(isEvmAddress(ADDRESS)).toBe(true)
    expect(isEvmAddress(ADDRESS.slice(0, -1))).toBe(false)
    expect(isBase58Address(SOLANA)).toBe(true)
    expect(isBase58Address(SOLANA.replace('7', '0'))).toBe(false)
    expect(isWholeNumber('7')).toBe(true)
    expect(isWholeNumber('7.5')).toBe(false)
    expect(isWholeNumber('-1')).toBe(false)
  })
})
