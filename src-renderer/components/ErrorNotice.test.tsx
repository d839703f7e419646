import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SvcError } from '@contract/errors'
import { ErrorNotice } from './ErrorNotice'

const limited: SvcError = { kind: 'RateLimited', operation: 'SearchIntents', message: 'slow down — wait 3 s and try again.', retryAfterMs: 3_000 }

afterEach(() => {
  vi.useRealTimers()
})

describe('ErrorNotice', () => {
  it('shows the wait a rate-limited answer asked for, and offers Try again once it has passed', () => {
    vi.useFakeTimers()
    const onRetry = vi.fn()
    render(<ErrorNotice error={limited} onRetry={onRetry} />)
    expect(screen.getByRole('status', { name: 'Wait asked for' })).toHaveTextContent('try again in 3 s')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled()
    act(() => void vi.advanceTimersByTime(3_000))
    expect(screen.queryByRole('status', { name: 'Wait asked for' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
  })

  it('offers Try again at once for a failure without a wait', () => {
    render(<ErrorNotice error={{ kind: 'Unavailable', message: 'down' }} onRetry={() => {}} />)
    expect(screen.queryByRole('status', { name: 'Wait asked for' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
  })
})
