import { describe, expect, it } from 'vitest'
import { MAX_KEYS, parseKeys } from './keys'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

describe('parseKeys', () => {
  it('splits a ticket or a spreadsheet column, strips quotes and links, drops repeats', () => {
    const addr = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'
    const text = `"${hash(1)}",\n${addr}; https://etherscan.io/tx/${hash(2)}\t${hash(1).toUpperCase().replace('0X', '0x')}\n\n  project-x `
    const p = parseKeys(text)
    expect(p.keys).toEqual([
      { value: hash(1), kind: 'hash' },
      { value: addr, kind: 'evmAddress' },
      { value: hash(2), kind: 'hash' },
      { value: 'project-x', kind: 'text' },
    ])
    expect(p.duplicates).toBe(1)
    expect(p.overCap).toBe(0)
  })

  it(`keeps the first ${MAX_KEYS} keys and counts the rest`, () => {
    const p = parseKeys(Array.from({ length: MAX_KEYS + 7 }, (_, i) => hash(i)).join('\n'))
    expect(p.keys).toHaveLength(MAX_KEYS)
    expect(p.overCap).toBe(7)
  })
})
