import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionState } from './useSessionState'

afterEach(() => {
  vi.restoreAllMocks()
  sessionStorage.clear()
})

describe('useSessionState', () => {
  it('keeps a draft across a reload, and forgets it when cleared', () => {
    const first = renderHook(() => useSessionState<string | null>('draft', ''))
    act(() => first.result.current[1]('0xabc'))
    expect(renderHook(() => useSessionState('draft', '')).result.current[0]).toBe('0xabc')
    act(() => first.result.current[1](null))
    expect(sessionStorage.getItem('draft')).toBeNull()
  })

  it('starts from the initial value when the stored text is not JSON', () => {
    sessionStorage.setItem('draft', '{not json')
    expect(renderHook(() => useSessionState('draft', 'initial')).result.current[0]).toBe('initial')
  })

  it('still works for this session when storage refuses to read or write', () => {
    const refuse = () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError')
    }
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse)
    const { result } = renderHook(() => useSessionState('draft', 'initial'))
    expect(result.current[0]).toBe('initial')
    act(() => result.current[1]('typed'))
    expect(result.current[0]).toBe('typed')
  })
})
