import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useConnection } from '../../stores/connection'
import { callsOf } from '../../testing/bridge'
import { expectFieldProblem } from '../../testing/fields'
import { renderAt, resetWorld } from '../../testing/harness'
import { SettingsView } from './SettingsView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const render = () => renderAt('/settings', [{ path: '/settings', element: <SettingsView /> }])

beforeEach(resetWorld)

describe('settings refuse malformed values', () => {
  it.each([
    ['Name', '   ', /Give the profile a name/],
    ['Service URL', 'intents.example.com', /http:\/\/ or https:\/\//],
    ['Service URL', 'ftp://intents.example.com', /http:\/\/ or https:\/\//],
    ['Service URL', 'https://user:secret@intents.example.com', /without a user name or password/],
    ['Service URL', 'javascript:alert(1)', /http:\/\/ or https:\/\//],
  ])('a profile’s %s of “%s” is refused next to the field and never saved', async (label, value, message) => {
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Add profile' }))
    const form = within(screen.getByRole('form', { name: 'New profile' }))
    if (label !== 'Name') await user.type(form.getByLabelText('Name'), 'Production')
    if (label !== 'Service URL') await user.type(form.getByLabelText('Service URL'), 'https://intents.example.com')
    await user.type(form.getByLabelText(label), value)
    await user.click(form.getByRole('button', { name: 'Save profile' }))
    expectFieldProblem(form.getByLabelText(label), message)
    expect(callsOf('saveProfile')).toEqual([])
  })

  it('will not save an access key made of blanks', async () => {
    const user = userEvent.setup()
    const info = useConnection.getState().info!
    useConnection.setState({
      info: { ...info, profiles: [...info.profiles, { id: 'prod', name: 'Production', baseUrl: 'https://svc.example', builtIn: false, hasKey: false }] },
    })
    render()
    const keyForm = within(screen.getByRole('form', { name: 'Access key for Production at https://svc.example' }))
    await user.type(keyForm.getByPlaceholderText('Paste the access key'), '   ')
    expect(keyForm.getByRole('button', { name: 'Save key' })).toBeDisabled()
    expect(callsOf('setAccessKey')).toEqual([])
  })
})
