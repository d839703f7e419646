import { configure, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppInfo } from '@contract/app'
import { exportCache, readBlobText } from '../../db/transfer'
import { addNote } from '../../db/userData'
import { cacheHistoryFiled, fakeEntry, freshDb, intentIdOf, source } from '../../db/testing'
import { cacheChains } from '../../db/writeThrough'
import { DataProvider } from '../../data/DataProvider'
import { useConnection } from '../../stores/connection'
import { CacheView } from './CacheView'

// IndexedDB work in fake-indexeddb is slow when test files run side by side.
configure({ asyncUtilTimeout: 5000 })

const download = vi.hoisted(() => vi.fn())
vi.mock('../../lib/download', () => ({ downloadBlob: download }))

const info: AppInfo = {
  version: 'test',
  runtime: 'host',
  profiles: [
    { id: 'p1', name: 'Simulator', baseUrl: 'http://p1.test', builtIn: true, hasKey: false },
    { id: 'p2', name: 'Staging', baseUrl: 'http://p2.test', builtIn: false, hasKey: true },
  ],
  activeProfileId: 'p2',
  keyStorage: { backend: 'file', encrypted: false },
  recoveredSettings: [],
}

const chain = { id: 1, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

function renderView(path = '/cache') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/cache" element={<CacheView />} />
      </Routes>
    </MemoryRouter>,
    // The inventory is a query: a fresh query cache per render.
    { wrapper: DataProvider },
  )
}

const storesTable = () => screen.findByRole('table', { name: 'Cached records per store' })
const rowOf = async (label: string) => within(await storesTable()).getByRole('row', { name: new RegExp(`^${label}`) })

beforeEach(() => {
  freshDb()
  download.mockClear()
  useConnection.setState({ info })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
})

async function populate() {
  await cacheHistoryFiled(source('p1'), [fakeEntry(1), fakeEntry(2)])
  await cacheChains(source('p1'), [chain])
  await cacheChains(source('p2'), [chain])
  await addNote('p1', intentIdOf(1), 'called the customer')
}

describe('CacheView', () => {
  it('says when nothing is cached yet', async () => {
    renderView()
    expect(await screen.findByText('Nothing cached yet')).toBeInTheDocument()
  })

  it('counts records per store and profile, by profile name', async () => {
    await populate()
    renderView()
    const table = await storesTable()
    expect(within(table).getByRole('columnheader', { name: 'Simulator' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Staging' })).toBeInTheDocument()
    expect(await rowOf('History entries')).toHaveTextContent(/History entries\s*20\s*2/)
    expect(await rowOf('Chains')).toHaveTextContent(/Chains\s*11\s*2/)
    expect(await rowOf('Search index')).toBeInTheDocument()
    expect(within(await rowOf('Search index')).queryByRole('button')).toBeNull()
  })

  it('clears one store of one profile after confirmation, and Cancel changes nothing', async () => {
    await populate()
    const user = userEvent.setup()
    renderView()
    await storesTable()
    await user.selectOptions(screen.getByLabelText('Clear in'), 'p1')
    await user.click(screen.getByRole('button', { name: 'Clear Chains in profile Simulator' }))
    const confirm = screen.getByRole('alertdialog')
    expect(confirm).toHaveTextContent('Delete Chains (1 records) in profile Simulator?')
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('alertdialog')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Clear Chains in profile Simulator' }))
    await user.click(screen.getByRole('button', { name: 'Delete 1 records' }))
    expect(await screen.findByText('Cleared Chains for profile Simulator.')).toBeInTheDocument()
    await waitFor(async () => expect(await rowOf('Chains')).toHaveTextContent(/Chains\s*01\s*1/))
    expect(await rowOf('Notes')).toHaveTextContent(/Notes \(your data\)\s*10\s*1/)
  })

  it('exports the chosen stores with a download and a summary', async () => {
    await populate()
    const user = userEvent.setup()
    renderView()
    await storesTable()
    await user.click(screen.getByRole('checkbox', { name: /^Notes/ }))
    await user.click(screen.getByRole('checkbox', { name: /^Staging/ }))
    await user.click(screen.getByRole('button', { name: /^Export \d+ records$/ }))
    // two history entries and one chain (settled intents record no transition when first seen)
    expect(await screen.findByText(/^Exported 3 records/)).toBeInTheDocument()
    expect(download).toHaveBeenCalledTimes(1)
    const [blob, fileName] = download.mock.calls[0] as [Blob, string]
    expect(fileName).toMatch(/^intent-explorer-cache-.*\.json$/)
    const file = JSON.parse(await readBlobText(blob))
    expect(file.profiles.map((p: { profileId: string }) => p.profileId)).toEqual(['p1'])
    expect(file.stores.notes).toBeUndefined()
    expect(file.stores.historyEntries).toHaveLength(2)
  })

  it('rejects an invalid file with the reasons and changes nothing', async () => {
    await populate()
    const user = userEvent.setup()
    renderView()
    await storesTable()
    const good = JSON.parse(await readBlobText((await exportCache()).blob))
    good.stores.historyEntries[0].fetchedAt = 'yesterday'
    await user.upload(screen.getByLabelText('Export file'), new File([JSON.stringify(good)], 'broken.json', { type: 'application/json' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('broken.json cannot be imported')
    expect(alert).toHaveTextContent('stores.historyEntries[0].fetchedAt')
    expect(alert).toHaveTextContent('Nothing was changed.')

    await user.upload(screen.getByLabelText('Export file'), new File(['{"format":"intent-explorer-cache","ver'], 'cut.json'))
    expect(await screen.findByText(/not valid JSON/)).toBeInTheDocument()
    expect(await rowOf('History entries')).toHaveTextContent(/History entries\s*20\s*2/)
  })

  it('summarises a valid file, then imports it into the active profile', async () => {
    await populate()
    const exported = await readBlobText((await exportCache({ profiles: ['p1'] })).blob)
    const user = userEvent.setup()
    renderView()
    await storesTable()
    await user.upload(screen.getByLabelText('Export file'), new File([exported], 'cache.json', { type: 'application/json' }))
    const counts = await screen.findByRole('table', { name: 'Records in the file' })
    expect(within(counts).getByRole('row', { name: /History entries/ })).toHaveTextContent('2')
    expect(within(counts).getByRole('row', { name: /Notes/ })).toHaveTextContent('1')
    await user.click(screen.getByRole('radio', { name: /the active profile, Staging/ }))
    await user.click(screen.getByRole('button', { name: /^Import \d+ records$/ }))
    expect(await screen.findByRole('status', { name: 'Import result' })).toHaveTextContent(/^Imported cache\.json: 3 added, 0 replaced, 1 skipped as no newer than the cache’s copies\./)
    await waitFor(async () => expect(await rowOf('History entries')).toHaveTextContent(/History entries\s*22\s*4/))
  })

  it('says what an import changed: added, replaced, skipped as older, and future times clamped', async () => {
    await cacheHistoryFiled(source('p1', Date.UTC(2024, 0, 1)), [fakeEntry(1, { status: 'FAILED' }), fakeEntry(2), fakeEntry(3)])
    const file = JSON.parse(await readBlobText((await exportCache({ stores: ['historyEntries'], profiles: ['p1'] })).blob))
    file.exportedAt = Date.UTC(2100, 0, 1)
    const [one, two] = file.stores.historyEntries.sort((a: { intentId: string }, b: { intentId: string }) => (a.intentId === intentIdOf(1) ? -1 : b.intentId === intentIdOf(1) ? 1 : 0))
    one.fetchedAt = Date.UTC(2100, 0, 1)
    one.entry.status = 'SUCCEEDED'
    two.fetchedAt = Date.UTC(2023, 0, 1)
    freshDb()
    await cacheHistoryFiled(source('p1', Date.UTC(2024, 0, 2)), [fakeEntry(1, { status: 'FAILED' }), fakeEntry(2)])
    const user = userEvent.setup()
    renderView()
    await storesTable()
    await user.upload(screen.getByLabelText('Export file'), new File([JSON.stringify(file)], 'forged.json', { type: 'application/json' }))
    await user.click(await screen.findByRole('button', { name: /^Import \d+ records$/ }))
    expect(await screen.findByRole('status', { name: 'Import result' })).toHaveTextContent(
      'Imported forged.json: 1 added, 1 replaced, 1 skipped as no newer than the cache’s copies; 1 time later than the file’s export or now clamped to it.',
    )
    expect(screen.getByRole('status', { name: 'Import result' })).toHaveTextContent('The next answer from the service replaces any imported record')
  })

  it('builds a case bundle for the intent named in the address and offers it as files', async () => {
    await populate()
    const user = userEvent.setup()
    renderView(`/cache?bundle=${intentIdOf(1)}`)
    await storesTable()
    expect(screen.getByLabelText('Intent id')).toHaveValue(intentIdOf(1))
    await user.selectOptions(screen.getByLabelText('Profile'), 'p1')
    await user.click(screen.getByRole('button', { name: 'Build case bundle' }))
    expect(await screen.findByLabelText('Case bundle text')).toHaveTextContent('called the customer')
    await user.click(screen.getByRole('button', { name: 'Download text' }))
    expect(download.mock.calls[0][1]).toBe(`case-${intentIdOf(1)}.txt`)

    await user.clear(screen.getByLabelText('Intent id'))
    await user.type(screen.getByLabelText('Intent id'), 'unknown-intent{Enter}')
    expect(await screen.findByText(/Nothing is cached for unknown-intent in Simulator/)).toBeInTheDocument()
  })

  it('shows storage use and asks for persistent storage', async () => {
    const persisted = vi.fn().mockResolvedValue(false)
    Object.defineProperty(navigator, 'storage', {
      configurable: true,
      value: {
        estimate: vi.fn().mockResolvedValue({ usage: 2_500_000, quota: 100_000_000, usageDetails: { indexedDB: 2_000_000 } }),
        persisted,
        persist: vi.fn().mockResolvedValue(true),
      },
    })
    const user = userEvent.setup()
    renderView()
    expect(await screen.findByText(/2.5 MB of 100 MB allowed/)).toBeInTheDocument()
    expect(screen.getByText('2.0 MB')).toBeInTheDocument()
    expect(screen.getByTestId('cache-persisted')).toHaveTextContent(/^No/)
    persisted.mockResolvedValue(true)
    await user.click(screen.getByRole('button', { name: 'Request persistent storage' }))
    expect(await screen.findByText(/^Granted/)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('cache-persisted')).toHaveTextContent(/^Yes/))
  })
})
