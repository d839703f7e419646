import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RateLimitWait } from './RateLimitWait'

describe('RateLimitWait', () => {
  it('counts down the wait the service asked for', () => {
    render(<RateLimitWait until={Date.now() + 4_200} />)
    expect(screen.getByRole('status', { name: 'Rate limit wait' })).toHaveTextContent('the next keys start in 5 s')
  })

  it('shows nothing without a wait, or once it has passed', () => {
    const { container, rerender } = render(<RateLimitWait until={undefined} />)
    expect(container).toBeEmptyDOMElement()
    rerender(<RateLimitWait until={Date.now() - 1} />)
    expect(container).toBeEmptyDOMElement()
  })
})
