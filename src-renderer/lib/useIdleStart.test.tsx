import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useIdleStart } from './useIdleStart'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('useIdleStart', () => {
  let idle: Array<{ run: () => void; timeout?: number; id: number }>
  beforeEach(() => {
    idle = []
    vi.stubGlobal('requestIdleCallback', (run: () => void, opts?: { timeout?: number }) => idle.push({ run, timeout: opts?.timeout, id: idle.length + 1 }))
    vi.stubGlobal('cancelIdleCallback', (id: number) => (idle = idle.filter((i) => i.id !== id)))
  })

  it('is false on the first render and turns true only when the page is idle after it', () => {
    const { result } = renderHook(() => useIdleStart(300))
    expect(result.current).toBe(false)
    expect(idle).toHaveLength(1)
    expect(idle[0].timeout).toBe(300)
    act(() => idle[0].run())
    expect(result.current).toBe(true)
  })

  it('asks for nothing more once unmounted', () => {
    const { unmount } = renderHook(() => useIdleStart())
    expect(idle).toHaveLength(1)
    unmount()
    expect(idle).toHaveLength(0)
  })
})

describe('useIdleStart without requestIdleCallback', () => {
  it('starts on the next turn of the event loop', () => {
    vi.useFakeTimers()
    vi.stubGlobal('requestIdleCallback', undefined)
    const { result } = renderHook(() => useIdleStart())
    expect(result.current).toBe(false)
    act(() => vi.advanceTimersByTime(0))
    expect(result.current).toBe(true)
  })
})
