import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { Checkbox } from './Checkbox'

describe('Checkbox', () => {
  it('names the box by its label, explains it on the label, and reports the new state', () => {
    const onChange = vi.fn()
    const { container } = render(<Checkbox className="" title="Funds held" label="FAILED" checked={false} onChange={onChange} />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'FAILED' }))
    expect(onChange).toHaveBeenCalledWith(true)
    const label = container.querySelector('label')!
    expect(label.getAttribute('title')).toBe('Funds held')
    expect(label.hasAttribute('class')).toBe(false)
  })
})
