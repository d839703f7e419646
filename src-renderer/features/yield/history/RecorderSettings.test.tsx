import { beforeEach, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { RecorderState } from '@contract/marketHistory'
import { answers, callsOf } from '../../../testing/bridge'
import { renderAt, resetWorld } from '../../../testing/harness'
import { RecorderSettings } from './RecorderSettings'

vi.mock('../../../data/call', async () => ({ call: (await import('../../../testing/bridge')).fakeCall }))
vi.mock('../../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

let state: RecorderState
beforeEach(() => {
  resetWorld()
  state = { profileId: 'sim', intervalMinutes: 15, lastSnapshotAt: null, nextSnapshotAt: null, markets: 0, bytesOnDisk: 0 }
  answers.set('getMarketRecorder', () => ({ ok: true, value: state }))
  answers.set('setMarketRecorder', (a: { intervalMinutes: number | null }) => ((state = { ...state, ...a }), { ok: true, value: state }))
  answers.set('recordMarketsNow', () => ((state = { ...state, markets: 171, bytesOnDisk: 3933, lastSnapshotAt: Date.now() }), { ok: true, value: state }))
})

it('sets the interval (or off) and records every market now, showing what is kept', async () => {
  const user = userEvent.setup()
  renderAt('/settings', [{ path: '/settings', element: <RecorderSettings /> }])
  const picker = await screen.findByLabelText('Record markets')
  await waitFor(() => expect(picker).toBeEnabled())
  await user.selectOptions(picker, 'Every hour')
  await user.selectOptions(picker, 'Off')
  expect(callsOf('setMarketRecorder')).toEqual([{ intervalMinutes: 60 }, { intervalMinutes: null }])
  await user.click(screen.getByRole('button', { name: 'Record now' }))
  expect(await screen.findByText(/171 markets recorded for this profile, 3.9 KB on disk/)).toBeInTheDocument()
  expect(screen.getByTestId('recorder-facts')).toHaveTextContent(/Last snapshot .* \(/)
})
