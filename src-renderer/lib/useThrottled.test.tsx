import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useThrottled } from './useThrottled'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('useThrottled', () => {
  it('passes the first value at once, then at most one value per interval, ending with the latest', () => {
    const { result, rerender } = renderHook(({ v }) => useThrottled(v, 1000), { initialProps: { v: 1 } })
    expect(result.current).toBe(1)
    rerender({ v: 2 })
    rerender({ v: 3 })
    // Within the interval of the first value: held back.
    expect(result.current).toBe(1)
    act(() => {
      vi.advanceTimersByTime(999)
    })
    expect(result.current).toBe(1)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(result.current).toBe(3)
    act(() => {
      vi.advanceTimersByTime(5000)
    })
    // After a quiet interval a change shows at once.
    rerender({ v: 4 })
    expect(result.current).toBe(4)
  })
  it('passes an urgent change at once', () => {
    const urgent = (shown: number, v: number) => v < shown
    const { result, rerender } = renderHook(({ v }) => useThrottled(v, 1000, urgent), { initialProps: { v: 5 } })
    rerender({ v: 6 })
    expect(result.current).toBe(5)
    rerender({ v: 1 })
    expect(result.current).toBe(1)
    act(() => {
      vi.advanceTimersByTime(2000)
    })
    expect(result.current).toBe(1)
  })
})
