import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LoadAllControls } from './LoadAllControls'

const list = (run: Record<string, unknown>) =>
  ({
    view: 'all',
    more: false,
    run: { running: false, cancelling: false, cap: 10_000, pages: 10, duplicates: 0, offline: false, ...run },
  }) as never

const actions = { startLoadAll: vi.fn(), cancelLoadAll: vi.fn(), resumeLoadAll: vi.fn(), backToPages: vi.fn() }

describe('the load-all outcome', () => {
  it('calls a list the service could not finish partial, not "all"', () => {
    render(<LoadAllControls cap={10_000} onCap={() => {}} actions={actions} list={list({ loaded: 1_000, outcome: 'complete', atLeast: 3_002 })} />)
    expect(screen.getByTestId('history-loadall-status')).toHaveTextContent('1,000 of at least 3,002 loaded; the rest could not be read.')
    expect(screen.getByTestId('history-loadall-status')).not.toHaveTextContent('Loaded all')
  })

  it('says "all" when it was', () => {
    render(<LoadAllControls cap={10_000} onCap={() => {}} actions={actions} list={list({ loaded: 1_000, outcome: 'complete' })} />)
    expect(screen.getByTestId('history-loadall-status')).toHaveTextContent('Loaded all 1,000 matching intents.')
  })
})
