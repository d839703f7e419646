import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useCacheStatus } from '../stores/cache'
import { CacheWriteErrorBanner, IndexingNotice } from './CacheBanners'


beforeEach(() => {
  useCacheStatus.setState({ forcedOffline: false, lastWriteError: undefined, unindexed: 0 })
})

describe('CacheWriteErrorBanner', () => {
  it('shows the last failed write until dismissed', async () => {
    const { container } = render(<CacheWriteErrorBanner />)
    expect(container).toBeEmptyDOMElement()
    act(() => useCacheStatus.getState().reportWriteError('historyEntries', 'The disk space the browser allows this app is full.'))
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save to the offline cache')
    expect(screen.getByRole('alert')).toHaveTextContent('historyEntries')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('IndexingNotice', () => {
  it('says how many cached entries are still being filed, and goes once they are', () => {
    const { container } = render(<IndexingNotice />)
    expect(container).toBeEmptyDOMElement()
    act(() => useCacheStatus.getState().setUnindexed(12_345))
    expect(screen.getByRole('status')).toHaveTextContent('Filing 12,345 cached entries for offline search…')
    act(() => useCacheStatus.getState().setUnindexed(1))
    expect(screen.getByRole('status')).toHaveTextContent('Filing 1 cached entry for offline search…')
    act(() => useCacheStatus.getState().setUnindexed(0))
    expect(container).toBeEmptyDOMElement()
  })
})
