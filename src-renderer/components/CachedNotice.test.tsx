import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { useCacheStatus } from '../stores/cache'
import { useConnection } from '../stores/connection'
import { CachedNotice, CacheWriteErrorBanner, IndexingNotice } from './CachedNotice'

const DAY = 86_400_000

beforeEach(() => {
  useCacheStatus.setState({ forcedOffline: false, lastWriteError: undefined, unindexed: 0 })
})

describe('CachedNotice', () => {
  it('says the data is cached and how old it is', () => {
    render(<CachedNotice fetchedAt={Date.now() - 3 * DAY - 1000} />)
    expect(screen.getByRole('status')).toHaveTextContent('Offline — cached data, fetched 3 days ago')
  })

  it('names the failure that took the app offline, with the whole message on hover', () => {
    const message = 'http://svc could not answer GetChains (HTTP 500) — try again in a moment.'
    useConnection.setState({ reachability: 'offline', lastOutage: { kind: 'Unavailable', operation: 'GetChains', status: 500, message } })
    render(<CachedNotice fetchedAt={Date.now()} />)
    expect(screen.getByRole('status')).toHaveTextContent('Offline — cached data, fetched just now (Service unavailable · GetChains)')
    expect(screen.getByTitle(message)).toBeInTheDocument()
    useConnection.setState({ reachability: 'unknown', lastOutage: null })
  })

  it('says when working offline by choice, and when nothing is cached', () => {
    useCacheStatus.setState({ forcedOffline: true })
    render(<CachedNotice />)
    expect(screen.getByRole('status')).toHaveTextContent('Working offline — nothing cached for this yet')
  })
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
