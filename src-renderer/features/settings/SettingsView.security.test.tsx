import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnection } from '../../stores/connection'
import { answers, callsOf } from '../../testing/bridge'
import { renderAt, resetWorld } from '../../testing/harness'
import { SettingsView } from './SettingsView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const render = () => renderAt('/settings', [{ path: '/settings', element: <SettingsView /> }])

beforeEach(() => {
  resetWorld()
  answers.set('saveProfile', () => ({ ok: true, value: {} }))
})

describe('settings guard where a key may go', () => {
  it('asks before plain http to another machine, and sends what was chosen', async () => {
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Add profile' }))
    const form = within(screen.getByRole('form', { name: 'New profile' }))
    await user.type(form.getByLabelText('Name'), 'Lan')
    await user.type(form.getByLabelText('Service URL'), 'http://10.0.0.2:8080')
    const consent = form.getByRole('checkbox', { name: /travel unencrypted/ })
    expect(consent).not.toBeChecked()
    await user.click(consent)
    await user.click(form.getByRole('button', { name: 'Save profile' }))
    expect(callsOf('saveProfile')).toEqual([{ name: 'Lan', baseUrl: 'http://10.0.0.2:8080', allowInsecureHttp: true }])
  })

  it('asks nothing for https or loopback', async () => {
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Add profile' }))
    const form = within(screen.getByRole('form', { name: 'New profile' }))
    await user.type(form.getByLabelText('Service URL'), 'http://localhost:8080')
    expect(form.queryByRole('checkbox')).toBeNull()
  })

  it('says before saving that a stored key will be dropped when the profile points at another origin', async () => {
    const user = userEvent.setup()
    const info = useConnection.getState().info!
    useConnection.setState({
      info: { ...info, profiles: [...info.profiles, { id: 'prod', name: 'Production', baseUrl: 'https://svc.example', builtIn: false, hasKey: true }] },
    })
    render()
    await user.click(within(screen.getByTestId('profile-prod')).getByRole('button', { name: 'Edit' }))
    const form = within(screen.getByRole('form', { name: 'Edit profile' }))
    const url = form.getByLabelText('Service URL')
    await user.type(url, '/v2')
    expect(form.queryByRole('note')).toBeNull()
    await user.clear(url)
    await user.type(url, 'https://elsewhere.example')
    expect(form.getByRole('note')).toHaveTextContent(/entered for https:\/\/svc\.example and will be removed/)
  })
})
