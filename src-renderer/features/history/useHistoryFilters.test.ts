import { describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import type { FormEvent } from 'react'
import { EMPTY_DRAFT, type HistoryFilterDraft } from './filters'
import { useHistoryFilters } from './useHistoryFilters'
import { OWNER } from './testing/entries'

const submitEvent = { preventDefault: () => {} } as FormEvent

function render(applied: HistoryFilterDraft = EMPTY_DRAFT) {
  const onApply = vi.fn()
  const hook = renderHook(({ applied }) => useHistoryFilters(applied, onApply), { initialProps: { applied } })
  return { ...hook, onApply }
}

describe('useHistoryFilters', () => {
  it('keeps edits in the draft until applied, then applies them', () => {
    const { result, onApply } = render()
    act(() => result.current.set('owner', OWNER))
    expect(result.current.draft.owner).toBe(OWNER)
    expect(onApply).not.toHaveBeenCalled()
    act(() => result.current.submit(submitEvent))
    expect(onApply).toHaveBeenCalledWith({ ...EMPTY_DRAFT, owner: OWNER })
  })

  it('refuses an invalid draft with a message per field, and opens the fold for a folded one', () => {
    const { result, onApply } = render()
    expect(result.current.advancedOpen).toBe(false)
    act(() => result.current.set('owner', '0x12'))
    act(() => result.current.set('swapProvider', 'not a code'))
    act(() => result.current.submit(submitEvent))
    expect(onApply).not.toHaveBeenCalled()
    expect(result.current.errors).toMatchObject({ owner: 'Use a 0x address with 40 hex digits', swapProvider: expect.any(String) })
    expect(result.current.advancedOpen).toBe(true)
    // Editing a field clears its message.
    act(() => result.current.set('owner', OWNER))
    expect(result.current.errors.owner).toBeUndefined()
    expect(result.current.errors.swapProvider).toBeDefined()
  })

  it('shows new applied filters from outside, with the messages of invalid ones', () => {
    const { result, rerender } = render()
    act(() => result.current.set('owner', 'typed but not applied'))
    rerender({ applied: { ...EMPTY_DRAFT, projectId: '-4' } })
    expect(result.current.draft).toEqual({ ...EMPTY_DRAFT, projectId: '-4' })
    expect(result.current.errors.projectId).toBe('Use a whole number (0 or more)')
    expect(result.current.advancedOpen).toBe(true)
    expect(result.current.advancedSet).toBe(1)
  })

  it('applies the recoverable preset and clears everything', () => {
    const { result, onApply } = render({ ...EMPTY_DRAFT, owner: OWNER })
    act(() => result.current.applyRecoverable())
    expect(onApply).toHaveBeenLastCalledWith({ ...EMPTY_DRAFT, owner: OWNER, onlyRecoverable: true, includeBalances: true })
    act(() => result.current.clear())
    expect(onApply).toHaveBeenLastCalledWith(EMPTY_DRAFT)
    expect(result.current.draft).toEqual(EMPTY_DRAFT)
  })
})
