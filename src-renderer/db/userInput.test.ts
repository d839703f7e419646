import { describe, expect, it } from 'vitest'
import { msSinceUserInput } from './userInput'

describe('msSinceUserInput', () => {
  it('hears scrolls of inner elements, clicks and keys, but not pointer moves', () => {
    expect(msSinceUserInput()).toBe(Infinity)
    const box = document.createElement('div')
    document.body.append(box)
    box.dispatchEvent(new Event('pointermove', { bubbles: true }))
    expect(msSinceUserInput()).toBe(Infinity)
    box.dispatchEvent(new Event('scroll'))
    expect(msSinceUserInput()).toBeLessThan(1000)
    box.remove()
  })
})
