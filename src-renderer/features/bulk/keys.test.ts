import { describe, expect, it } from 'vitest'
import { MAX_KEYS, parseKeys, type ParsedKeys, type SkippedLine } from './keys'

const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
const skippedAs = (p: ParsedKeys, why: SkippedLine['why']) => p.skipped.filter((s) => s.why === why).length

describe('parseKeys', () => {
  it('takes one key per line, strips quotes and links, drops repeats', () => {
    const addr = '0x5000c0de5000c0de5000c0de5000c0de5000c0de'
    const text = `"${hash(1)}",\n${addr};\nhttps://etherscan.io/tx/${hash(2)}\n${hash(1).toUpperCase().replace('0X', '0x')}\n\n`
    const p = parseKeys(text)
    expect(p.keys).toEqual([
      { value: hash(1), kind: 'hash', line: 1 },
      { value: addr, kind: 'evmAddress', line: 2 },
      { value: hash(2), kind: 'hash', line: 3 },
    ])
    expect(skippedAs(p, 'repeat')).toBe(1)
    expect(p.skipped).toEqual([{ line: 4, text: hash(1).toUpperCase().replace('0X', '0x'), why: 'repeat', repeatOf: 1 }])
    expect(skippedAs(p, 'over the limit')).toBe(0)
  })

  it('lists a line that is not shaped like a key as "not a key", and never splits it into words', () => {
    const p = parseKeys(`Intent IDs\n${hash(7)}\nthanks!!\n0x1234\nN/A\nsee screenshot attached\n4821`)
    expect(p.keys.map((k) => k.value)).toEqual([hash(7)])
    expect(skippedAs(p, 'not a key')).toBe(6)
    expect(p.skipped.map((s) => [s.line, s.text, s.why])).toEqual([
      [1, 'Intent IDs', 'not a key'],
      [3, 'thanks!!', 'not a key'],
      [4, '0x1234', 'not a key'],
      [5, 'N/A', 'not a key'],
      [6, 'see screenshot attached', 'not a key'],
      [7, '4821', 'not a key'],
    ])
  })

  it('does not read two keys on one line as keys', () => {
    const p = parseKeys(`${hash(1)} ${hash(2)}`)
    expect(p.keys).toEqual([])
    expect(skippedAs(p, 'not a key')).toBe(1)
  })

  it(`keeps the first ${MAX_KEYS} keys and counts the rest`, () => {
    const p = parseKeys(Array.from({ length: MAX_KEYS + 7 }, (_, i) => hash(i)).join('\n'))
    expect(p.keys).toHaveLength(MAX_KEYS)
    expect(skippedAs(p, 'over the limit')).toBe(7)
  })
})
