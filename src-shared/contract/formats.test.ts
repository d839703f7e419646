import { describe, expect, it } from 'vitest'
import { hexRunsIn, isEvmAddress, isHash32, isHexData } from './formats'
import { FINAL_STATUSES, INTENT_STATUSES, PENDING_STATUSES, SETTLED_STATUSES, TERMINAL_STATUSES, isSettledStatus } from './service/constants'

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
  it('follow the spec: terminal ⊂ final ⊂ settled, and settled is everything not pending', () => {
    for (const s of TERMINAL_STATUSES) expect(FINAL_STATUSES).toContain(s)
    for (const s of FINAL_STATUSES) expect(SETTLED_STATUSES).toContain(s)
    expect([...SETTLED_STATUSES, ...PENDING_STATUSES].sort()).toEqual([...INTENT_STATUSES].sort())
    expect(SETTLED_STATUSES).toContain('INVALID')
    expect(FINAL_STATUSES).not.toContain('INVALID')
    expect(isSettledStatus('EXECUTING')).toBe(false)
    expect(isSettledStatus(undefined)).toBe(false)
  })
})
