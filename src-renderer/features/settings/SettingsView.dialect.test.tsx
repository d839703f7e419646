import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConnectionTest, ProfileView } from '@contract/app'
import { useConnection } from '../../stores/connection'
import { answers, callsOf } from '../../testing/bridge'
import { expectFieldProblem } from '../../testing/fields'
import { renderAt, resetWorld } from '../../testing/harness'
import { SettingsView } from './SettingsView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))

const render = () => renderAt('/settings', [{ path: '/settings', element: <SettingsView /> }])

const PROD: ProfileView = {
  id: 'prod',
  name: 'Production',
  baseUrl: 'https://svc.example',
  builtIn: false,
  hasKey: true,
  dialect: { serviceName: 'Acme', renames: [{ neutral: 'priceFeedId', wire: 'acmeFeedId' }], bigInts: 'string' },
}

const withProfile = (p: ProfileView) => {
  const info = useConnection.getState().info!
  useConnection.setState({ info: { ...info, profiles: [...info.profiles, p] } })
}

const editProd = async (user: ReturnType<typeof userEvent.setup>) => {
  withProfile(PROD)
  render()
  await user.click(within(screen.getByTestId('profile-prod')).getByRole('button', { name: 'Edit' }))
  return within(screen.getByRole('form', { name: 'Edit profile' }))
}

beforeEach(() => {
  resetWorld()
  answers.set('saveProfile', () => ({ ok: true, value: {} }))
})

describe('a profile’s wire form', () => {
  it('loads the profile’s dialect, and saves what was edited', async () => {
    const user = userEvent.setup()
    const form = await editProd(user)
    expect(form.getByLabelText('RPC service')).toHaveValue('Acme')
    expect(form.getByLabelText('Big integers')).toHaveValue('string')
    expect(form.getByLabelText('Vendor words')).toHaveValue('priceFeedId=acmeFeedId')
    expect(form.getByText(/follow the name automatically/)).toBeInTheDocument()

    await user.clear(form.getByLabelText('RPC service'))
    await user.type(form.getByLabelText('RPC service'), 'Trails')
    await user.selectOptions(form.getByLabelText('Big integers'), 'Numbers — the spec')
    await user.type(form.getByLabelText('Vendor words'), '{Enter}\n  walletAddress = trailsWalletAddress  ')
    await user.click(form.getByRole('button', { name: 'Save profile' }))
    expect(callsOf('saveProfile')).toEqual([
      {
        id: 'prod',
        name: 'Production',
        baseUrl: 'https://svc.example',
        dialect: {
          serviceName: 'Trails',
          bigInts: 'number',
          renames: [
            { neutral: 'priceFeedId', wire: 'acmeFeedId' },
            { neutral: 'walletAddress', wire: 'trailsWalletAddress' },
          ],
        },
      },
    ])
  })

  it('a new profile starts in the spec’s form and can be given the deployed one', async () => {
    const user = userEvent.setup()
    render()
    await user.click(screen.getByRole('button', { name: 'Add profile' }))
    const form = within(screen.getByRole('form', { name: 'New profile' }))
    expect(form.getByLabelText('RPC service')).toHaveValue('Svc')
    expect(form.getByLabelText('Big integers')).toHaveValue('number')
    await user.type(form.getByLabelText('Name'), 'Deployed')
    await user.type(form.getByLabelText('Service URL'), 'https://intents.example.com')
    await user.clear(form.getByLabelText('RPC service'))
    await user.type(form.getByLabelText('RPC service'), 'Acme')
    await user.selectOptions(form.getByLabelText('Big integers'), 'string')
    await user.click(form.getByRole('button', { name: 'Save profile' }))
    expect(callsOf('saveProfile')).toEqual([
      { name: 'Deployed', baseUrl: 'https://intents.example.com', dialect: { serviceName: 'Acme', bigInts: 'string', renames: [] } },
    ])
  })

  it.each([
    ['RPC service', 'Acme Svc', /letters and digits, starting with a letter/],
    ['RPC service', '9lives', /letters and digits, starting with a letter/],
    ['Vendor words', 'priceFeedId=acmeFeedId\npriceFeedId', /Line 2 “priceFeedId”: write it as neutral=wire/],
    ['Vendor words', 'a=b=c', /Line 1 “a=b=c”: write it as neutral=wire/],
    ['Vendor words', 'priceFeedId=acme-feed', /Line 1 “priceFeedId=acme-feed”: Use a field name/],
    ['Vendor words', 'priceFeedId=a\n\npriceFeedId=b', /Line 3 “priceFeedId=b”: “priceFeedId” is renamed twice/],
  ])('a %s of “%s” is refused beside the field and nothing is saved', async (label, value, message) => {
    const user = userEvent.setup()
    const form = await editProd(user)
    await user.clear(form.getByLabelText(label))
    await user.type(form.getByLabelText(label), value.replaceAll('\n', '{Enter}'))
    await user.click(form.getByRole('button', { name: 'Save profile' }))
    expectFieldProblem(form.getByLabelText(label), message)
    expect(callsOf('saveProfile')).toEqual([])
  })
})

describe('Test connection', () => {
  const test: ConnectionTest = {
    ok: false,
    chains: 21,
    ms: 140,
    checks: [
      { operation: 'GetChains', ok: true, detail: '21 chains', count: 21, ms: 12 },
      { operation: 'YieldGetMarkets', ok: true, detail: '5 markets', ms: 9 },
      {
        operation: 'GetIntentHistory',
        ok: false,
        detail: 'The service does not know this route',
        error: { kind: 'NotFound', message: 'The service does not know this route', name: 'WebrpcBadRoute', code: -2 },
        ms: 7,
      },
      { operation: 'GetIntent', ok: false, detail: 'GetIntentHistory failed, so there is no intent to check with', ms: 0 },
    ],
  }

  it('lists every check with OK or FAIL and its reason, beside the chain count', async () => {
    const user = userEvent.setup()
    answers.set('testConnection', () => ({ ok: true, value: test }))
    withProfile(PROD)
    render()
    const card = within(screen.getByTestId('profile-prod'))
    await user.click(card.getByRole('button', { name: 'Test connection' }))
    expect(await card.findByText(/Connected: 21 chains in 140 ms/)).toHaveTextContent('2 passed, 2 failed')
    const items = within(card.getByRole('list', { name: 'Connection checks' })).getAllByRole('listitem')
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^OK GetChains 21 chains/),
      expect.stringMatching(/^OK YieldGetMarkets 5 markets/),
      expect.stringMatching(/^FAIL GetIntentHistory: The service does not know this route \(WebrpcBadRoute -2\)/),
      expect.stringMatching(/^FAIL GetIntent: GetIntentHistory failed, so there is no intent to check with$/),
    ])
  })
})
