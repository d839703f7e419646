import { describe, expect, it } from 'vitest'
import { EDITOR_PASTE_LINES, pastedValue } from './paste'

const lines = (n: number) => Array.from({ length: n }, (_, i) => `0x${String(i).padStart(64, 'a')}`).join('\n')

describe('pastedValue', () => {
  it('leaves a short paste to the browser (undo keeps working)', () => {
    expect(pastedValue('', 0, 0, 'one key')).toBeUndefined()
    expect(pastedValue('abc', 1, 2, lines(EDITOR_PASTE_LINES))).toBeUndefined()
  })

  it('puts a long paste where the caret is', () => {
    const pasted = lines(EDITOR_PASTE_LINES + 1)
    expect(pastedValue('', 0, 0, pasted)).toBe(pasted)
    expect(pastedValue('first\n', 6, 6, pasted)).toBe(`first\n${pasted}`)
    expect(pastedValue('ab', 1, 1, pasted)).toBe(`a${pasted}b`)
  })

  it('replaces the selection, whichever way it was made', () => {
    const pasted = lines(200)
    expect(pastedValue('keep[old]keep', 4, 9, pasted)).toBe(`keep${pasted}keep`)
    expect(pastedValue('keep[old]keep', 9, 4, pasted)).toBe(`keep${pasted}keep`)
    expect(pastedValue('all of it', 0, 9, pasted)).toBe(pasted)
  })

  it('keeps a selection past the end inside the text', () => {
    const pasted = lines(30)
    expect(pastedValue('abc', 10, 12, pasted)).toBe(`abc${pasted}`)
  })

  it('counts lines by line breaks, so Windows line ends count once', () => {
    const crlf = lines(EDITOR_PASTE_LINES + 1).split('\n').join('\r\n')
    expect(pastedValue('', 0, 0, crlf)).toBe(crlf)
    expect(pastedValue('', 0, 0, lines(EDITOR_PASTE_LINES).split('\n').join('\r\n'))).toBeUndefined()
  })
})
