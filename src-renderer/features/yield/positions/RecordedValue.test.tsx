import { beforeEach, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { WalletSet } from '@contract/marketHistory'
import { parseCsv } from '@contract/testing'
import { answers, callsOf } from '../../../testing/bridge'
import { downloads } from '../../../testing/downloads'
import { renderAt, resetWorld } from '../../../testing/harness'
import { RecordedValue } from './RecordedValue'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))
vi.mock('../../../lib/download', async (original) => (await import('../../../testing/downloads')).recordDownloads(await original()))

const Q = [{ address: `0x${'a'.repeat(40)}`, network: 'base' }]
const T0 = Date.UTC(2026, 10, 1)
let sets: WalletSet[]

beforeEach(() => {
  resetWorld()
  sets = []
  answers.set('listWalletSets', () => ({ ok: true, value: sets }))
  answers.set('saveWalletSet', (a: { name: string; queries: WalletSet['queries'] }) => {
    sets = [{ id: 'w1', name: a.name, queries: a.queries, addedAt: T0 }]
    return { ok: true, value: sets[0] }
  })
  answers.set('removeWalletSet', () => ((sets = []), { ok: true, value: { removed: true } }))
  answers.set('getPositionHistory', () => ({
    ok: true,
    value: { setId: 'w1', points: [{ t: T0, usd: 1000 }, { t: T0 + 900_000, usd: 1010 }, { t: T0 + 5_000_000, gap: true }, { t: T0 + 9_000_000, usd: 990 }] },
  }))
})

it('records these wallets on request and draws their recorded value, with a break where recording stopped', async () => {
  const user = userEvent.setup()
  renderAt('/yield/positions', [{ path: '/yield/positions', element: <RecordedValue queries={Q} name="0xaaaa…aaaa on base" /> }])
  await user.click(await screen.findByRole('button', { name: 'Record these wallets at every snapshot' }))
  expect(callsOf('saveWalletSet')).toEqual([{ name: '0xaaaa…aaaa on base', queries: Q }])
  const chart = await screen.findByTestId('chart-Recorded value over time')
  expect(chart).toHaveAttribute('data-points', '3')
  expect(chart).toHaveTextContent('“0xaaaa…aaaa on base”, looked up at every market snapshot')
  await user.click(screen.getByRole('button', { name: 'Export recorded value CSV' }))
  expect(parseCsv(downloads[0].text)).toEqual([
    ['wallets', 'time_utc', 'value_usd'],
    ['0xaaaa…aaaa on base', new Date(T0).toISOString(), '1000'],
    ['0xaaaa…aaaa on base', new Date(T0 + 900_000).toISOString(), '1010'],
    ['0xaaaa…aaaa on base', new Date(T0 + 9_000_000).toISOString(), '990'],
  ])
  await user.click(screen.getByRole('button', { name: 'Stop recording these wallets' }))
  await waitFor(() => expect(screen.getByRole('button', { name: 'Record these wallets at every snapshot' })).toBeInTheDocument())
})
