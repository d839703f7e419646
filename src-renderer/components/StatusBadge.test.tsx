import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StatusBadge, statusMeaning } from './StatusBadge'

describe('StatusBadge', () => {
  it('shows a status a newer service added as unknown, with the value as sent', () => {
    render(<StatusBadge status="PAUSED_FOR_REVIEW" />)
    const badge = screen.getByText(/PAUSED_FOR_REVIEW/)
    expect(badge).toHaveTextContent('UNKNOWN · PAUSED_FOR_REVIEW')
    expect(badge).toHaveAttribute('data-status', 'unknown')
    expect(statusMeaning('PAUSED_FOR_REVIEW')).toMatch(/does not know yet/)
  })

  it('shows a known status as itself', () => {
    render(<StatusBadge status="SUCCEEDED" />)
    expect(screen.getByText('SUCCEEDED')).toHaveAttribute('data-status', 'SUCCEEDED')
  })
})
