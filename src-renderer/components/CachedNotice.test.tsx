import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { SvcError } from '@contract/errors'
import { DisplaySourcesProvider, useDisplaySources, type DisplaySources } from '../lib/displaySources'
import { formatDateTime } from '../lib/format'
import { CachedNotice, DataAge, fetchedText } from './CachedNotice'

const DAY = 86_400_000

/** The notice inside a provider that says why the app is offline. */
function renderOffline(fetchedAt: number | undefined, forced: boolean, outage: SvcError | null = null) {
  function WithReason({ children }: { children: React.ReactNode }) {
    const base = useDisplaySources()
    const sources: DisplaySources = { ...base, useOfflineReason: () => ({ forced, outage }) }
    return <DisplaySourcesProvider value={sources}>{children}</DisplaySourcesProvider>
  }
  return render(<CachedNotice fetchedAt={fetchedAt} />, { wrapper: WithReason })
}

describe('CachedNotice', () => {
  it('says the data is cached and how old it is', () => {
    render(<CachedNotice fetchedAt={Date.now() - 3 * DAY - 1000} />)
    expect(screen.getByRole('status')).toHaveTextContent('Offline — cached data, fetched 3 days ago')
  })

  it('names the failure that took the app offline, with the whole message on hover', () => {
    const message = 'http://svc could not answer GetChains (HTTP 500) — try again in a moment.'
    renderOffline(Date.now(), false, { kind: 'Unavailable', operation: 'GetChains', status: 500, message })
    // The service answered, with a failure of one call: that call is named, not "Offline".
    expect(screen.getByRole('status')).toHaveTextContent(/^GetChains failed — cached data, fetched just now, at \S+ \S+ \S+ \(Service unavailable · GetChains\)$/)
    expect(screen.getByTitle(message)).toBeInTheDocument()
  })

  it('says Offline when the service is out of reach', () => {
    renderOffline(Date.now(), false, { kind: 'Network', operation: 'GetIntent', message: 'refused' })
    expect(screen.getByRole('status')).toHaveTextContent('Offline — cached data, fetched just now')
  })

  it('says when working offline by choice (not naming an old outage), and when nothing is cached', () => {
    renderOffline(undefined, true, { kind: 'Network', message: 'refused' })
    expect(screen.getByRole('status')).toHaveTextContent('Working offline — nothing cached for this yet')
    expect(screen.getByRole('status')).not.toHaveTextContent('refused')
  })

  it('gives the time the data was fetched from the service, not the time it was read', () => {
    const fetchedAt = Date.now() - 7 * 60_000 - 5_000
    renderOffline(fetchedAt, true)
    expect(screen.getByRole('status')).toHaveTextContent(`Working offline — cached data, fetched 7 min ago, at ${formatDateTime(fetchedAt)}`)
  })
})

describe('DataAge', () => {
  it('says when live data was fetched, in the same words as the cached notice', () => {
    const fetchedAt = Date.now() - 2 * 3_600_000
    render(<DataAge fetchedAt={fetchedAt} />)
    expect(screen.getByTestId('data-age')).toHaveTextContent(`From the service, fetched 2 hours ago, at ${formatDateTime(fetchedAt)}`)
    expect(fetchedText(fetchedAt, fetchedAt + 30_000)).toBe(`fetched just now, at ${formatDateTime(fetchedAt)}`)
  })
})
