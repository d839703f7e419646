import { afterEach, describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { formatDateTime } from '../../lib/format'
import { useDisplay } from '../../stores/display'
import { DisplaySettings } from './DisplaySettings'

afterEach(() => useDisplay.getState().setUtc(false))

describe('DisplaySettings', () => {
  it('switches every formatted date to UTC, and keeps the choice', async () => {
    render(<DisplaySettings />)
    const box = screen.getByRole('checkbox', { name: 'Show times in UTC' })
    expect(box).not.toBeChecked()
    await userEvent.click(box)
    expect(box).toBeChecked()
    expect(formatDateTime('2026-11-25T11:48:03Z')).toBe('2026-11-25 11:48:03 UTC')
    expect(screen.getByTestId('time-zone-shown')).toHaveTextContent('Dates and times show in UTC')
    expect(JSON.parse(localStorage.getItem('intent-explorer.display') ?? '{}').state).toEqual({ utc: true })
  })
})
