import { describe, expect, it } from 'vitest'
import { hasInvisibleChars, hexRunsIn, isEvmAddress, isHash32, isHexData, isPlainToken, plainTokenProblem } from './formats'
import { FINAL_STATUSES, INTENT_STATUSES, PENDING_STATUSES, SETTLED_STATUSES, isSettledStatus } from './service/constants'

describe('plain tokens (addresses, hashes, ids)', () => {
  const owner = `0x5${'0'.repeat(35)}c0de`
  it('accepts hex, base58 and bech32 values', () => {
    for (const v of [owner, '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ''])
      expect(plainTokenProblem(v), v).toBeUndefined()
  })
  it('names a look-alike letter, a bidi control, a zero-width or a space by its code point', () => {
    expect(plainTokenProblem(owner.replace('c0de', '\u0441' + '0de'))).toMatch(/“с” \(U\+0441\).*look-alike/)
    expect(plainTokenProblem(`${owner}\u202e`)).toMatch(/invisible or direction-changing character \(U\+202E\)/)
    expect(plainTokenProblem(`0x\u200b${owner.slice(2)}`)).toMatch(/U\+200B/)
    expect(plainTokenProblem(`${owner} `)).toMatch(/space or control character \(U\+0020\)/)
    expect(plainTokenProblem('0x\u{1d7ce}')).toMatch(/U\+1D7CE/)
    expect(isPlainToken(owner)).toBe(true)
    expect(isPlainToken('0xа')).toBe(false)
  })
  it('finds invisible characters in any text', () => {
    expect(hasInvisibleChars('Production\u200b')).toBe(true)
    expect(hasInvisibleChars('a\u2066b')).toBe(true)
    expect(hasInvisibleChars('Ρroduction')).toBe(false)
  })
})

describe('0x formats', () => {
  const hash = '0x' + 'aB'.repeat(32)
  const address = '0x' + 'Cd'.repeat(20)
  it('tells a 32-byte hash from an address, in any case', () => {
    expect(isHash32(hash)).toBe(true)
    expect(isHash32(address)).toBe(false)
    expect(isEvmAddress(address)).toBe(true)
    expect(isEvmAddress(hash)).toBe(false)
  })
  it('refuses near misses', () => {
    expect(isHash32(hash.slice(0, -1))).toBe(false)
    expect(isHash32(hash + '0')).toBe(false)
    expect(isHash32(hash.replace('0x', ''))).toBe(false)
    expect(isEvmAddress(address.replace(/.$/, 'g'))).toBe(false)
    expect(isEvmAddress(` ${address}`)).toBe(false)
  })
  it('accepts empty hex data but not text', () => {
    expect(isHexData('0x')).toBe(true)
    expect(isHexData('0xdeadBEEF')).toBe(true)
    expect(isHexData('0xz')).toBe(false)
  })
  it('finds every 0x run in free text', () => {
    expect(hexRunsIn(`sent ${hash} to ${address}.`)).toEqual([hash, address])
    expect(hexRunsIn('nothing here')).toEqual([])
  })
})

describe('status sets', () => {
  it('follow the spec: final ⊂ settled, and settled is everything not pending', () => {
    for (const s of FINAL_STATUSES) expect(SETTLED_STATUSES).toContain(s)
    expect([...SETTLED_STATUSES, ...PENDING_STATUSES].sort()).toEqual([...INTENT_STATUSES].sort())
    expect(SETTLED_STATUSES).toContain('INVALID')
    expect(FINAL_STATUSES).not.toContain('INVALID')
    expect(isSettledStatus('EXECUTING')).toBe(false)
    expect(isSettledStatus(undefined)).toBe(false)
  })
})
