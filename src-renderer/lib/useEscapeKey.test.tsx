import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { useEscapeKey } from './useEscapeKey'

function Panel({ active, onEscape }: { active: boolean; onEscape(): void }) {
  useEscapeKey(active, onEscape)
  return (
    <>
      <button type="button" onKeyDown={(e) => e.stopPropagation()}>
        In a row
      </button>
      <div role="dialog" aria-modal="true">
        <input aria-label="Palette" />
      </div>
    </>
  )
}

describe('useEscapeKey', () => {
  it('closes on Escape even from a control that stops its keys, but not from a modal dialog or while inactive', () => {
    const onEscape = vi.fn()
    const { rerender } = render(<Panel active onEscape={onEscape} />)
    fireEvent.keyDown(screen.getByRole('button', { name: 'In a row' }), { key: 'Escape' })
    expect(onEscape).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(screen.getByLabelText('Palette'), { key: 'Escape' })
    fireEvent.keyDown(document.body, { key: 'Enter' })
    expect(onEscape).toHaveBeenCalledTimes(1)
    rerender(<Panel active={false} onEscape={onEscape} />)
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(onEscape).toHaveBeenCalledTimes(1)
  })
})
