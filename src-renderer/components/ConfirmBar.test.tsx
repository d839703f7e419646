import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import { ConfirmBar, ConfirmButtons } from './ConfirmBar'

describe('ConfirmBar and ConfirmButtons', () => {
  it('asks before a destructive action: focus on Cancel, Escape cancels, busy blocks both', () => {
    const onCancel = vi.fn()
    const { rerender } = render(<ConfirmBar confirmLabel="Delete 3 records" onConfirm={vi.fn()} onCancel={onCancel}>Sure?</ConfirmBar>)
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    expect(onCancel).toHaveBeenCalledTimes(1)
    rerender(<ConfirmBar confirmLabel="Delete 3 records" busy onConfirm={vi.fn()} onCancel={onCancel}>Sure?</ConfirmBar>)
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Working…' })).toBeDisabled()
  })

  it('leaves focus alone for an ordinary action, and a disabled action still lets Cancel run', () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<ConfirmButtons confirmLabel="Import 0 profiles" disabled onConfirm={onConfirm} onCancel={onCancel} />)
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    expect(cancel).not.toHaveFocus()
    expect(screen.getByRole('button', { name: 'Import 0 profiles' })).toBeDisabled()
    fireEvent.click(cancel)
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
