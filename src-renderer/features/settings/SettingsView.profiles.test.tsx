import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { IN_PROCESS_DEMO_ORIGIN, type AppInfo, type ProfileInput, type ProfileView } from '@contract/app'
import { useConnection } from '../../stores/connection'
import { answers, callsOf } from '../../testing/bridge'
import { downloads } from '../../testing/downloads'
import { renderAt, resetWorld } from '../../testing/harness'
import { SettingsView } from './SettingsView'

vi.mock('../../data/call', async () => ({ call: (await import('../../testing/bridge')).fakeCall }))
vi.mock('../../bridge', () => ({ bridge: { subscribe: () => () => {} } }))
vi.mock('../../lib/download', async (original) => (await import('../../testing/downloads')).recordDownloads(await original()))

const render = () => renderAt('/settings', [{ path: '/settings', element: <SettingsView /> }])

const PROD: ProfileView = {
  id: 'prod',
  name: 'Production',
  baseUrl: 'https://svc.example',
  builtIn: false,
  hasKey: true,
  dialect: { serviceName: 'Acme', renames: [], bigInts: 'string' },
}

/** A main process in miniature: saved profiles get an id and show in the app info, keyless. */
function scriptProfiles(initial: ProfileView[]) {
  let profiles = [...useConnection.getState().info!.profiles, ...initial]
  const info = (): AppInfo => ({ ...useConnection.getState().info!, profiles })
  useConnection.setState({ info: info() })
  answers.set('saveProfile', (input: ProfileInput) => {
    const saved: ProfileView = { id: `new-${profiles.length}`, name: input.name, baseUrl: input.baseUrl, dialect: input.dialect as ProfileView['dialect'], builtIn: false, hasKey: false }
    profiles = [...profiles, saved]
    return { ok: true, value: saved }
  })
  answers.set('getAppInfo', () => ({ ok: true, value: info() }))
  answers.set('setAccessKey', (a: { profileId: string }) => {
    profiles = profiles.map((p) => (p.id === a.profileId ? { ...p, hasKey: true } : p))
    return { ok: true, value: profiles.find((p) => p.id === a.profileId) }
  })
}

beforeEach(resetWorld)

describe('profiles as files', () => {
  it('exports the chosen profiles without their keys, and imports the file back as new profiles, asking for the keys', async () => {
    const user = userEvent.setup()
    scriptProfiles([PROD, { id: 'lab', name: 'Lab', baseUrl: 'https://lab.example', builtIn: false, hasKey: true }])
    render()
    await user.click(screen.getByRole('button', { name: 'Export profiles…' }))
    const panel = within(screen.getByRole('group', { name: 'Export profiles' }))
    expect(panel.queryByLabelText('Export Simulator')).not.toBeInTheDocument()
    await user.click(panel.getByLabelText('Export Lab'))
    await user.click(panel.getByRole('button', { name: 'Save file' }))
    expect(downloads).toHaveLength(1)
    expect(downloads[0].filename).toMatch(/^intent-explorer-profiles-\d{4}-\d\d-\d\d\.json$/)
    const exported = JSON.parse(downloads[0].text)
    expect(exported.profiles).toEqual([{ name: 'Production', baseUrl: 'https://svc.example', dialect: PROD.dialect }])
    expect(downloads[0].text).not.toMatch(/key/i)

    // The same file, changed to point elsewhere, imported: the name is taken, so it is renamed.
    const changed = { ...exported, profiles: [{ ...exported.profiles[0], baseUrl: 'https://svc2.example' }] }
    await user.upload(screen.getByTestId('profiles-file'), new File([JSON.stringify(changed)], 'profiles.json', { type: 'application/json' }))
    const preview = within(await screen.findByRole('group', { name: 'Import profiles' }))
    expect(preview.getByRole('listitem')).toHaveTextContent('Add as Production (imported) https://svc2.example — a different profile is named “Production”')
    await user.click(preview.getByRole('button', { name: 'Import 1 profile' }))
    expect(callsOf('saveProfile')).toEqual([{ name: 'Production (imported)', baseUrl: 'https://svc2.example', dialect: PROD.dialect }])

    const result = within(await screen.findByRole('group', { name: 'Imported profiles' }))
    expect(result.getByText(/come without their access keys/)).toBeInTheDocument()
    // The key prompt says where the key will go, not only the name.
    const keyForm = within(result.getByRole('form', { name: 'Access key for Production (imported) at https://svc2.example' }))
    expect(keyForm.getByText('https://svc2.example')).toBeInTheDocument()
    expect(keyForm.getByText('(none)')).toBeInTheDocument()
    await user.type(keyForm.getByLabelText(/Access key/), 'k-123')
    await user.click(keyForm.getByRole('button', { name: 'Save key' }))
    expect(callsOf('setAccessKey')).toEqual([{ profileId: 'new-3', key: 'k-123' }])
    await waitFor(() => expect(keyForm.getByText('(stored)')).toBeInTheDocument())
  })

  it('says what is wrong with a bad file and imports nothing', async () => {
    const user = userEvent.setup()
    scriptProfiles([PROD])
    render()
    const bad = { format: 'intent-explorer-profiles', version: 1, profiles: [{ name: 'X', baseUrl: 'https://x.example', accessKey: 'secret' }] }
    await user.upload(screen.getByTestId('profiles-file'), new File([JSON.stringify(bad)], 'leaky.json'))
    const alert = await screen.findByRole('alert', { name: 'Profiles file problems' })
    expect(alert).toHaveTextContent('leaky.json cannot be imported:')
    expect(alert).toHaveTextContent('profiles[0]: unexpected field "accessKey"')
    await user.upload(screen.getByTestId('profiles-file'), new File(['{"format":'], 'cut.json'))
    expect(await screen.findByRole('alert', { name: 'Profiles file problems' })).toHaveTextContent(/cut\.json cannot be imported:.*not a JSON file/)
    expect(callsOf('saveProfile')).toEqual([])
  })

  it('refuses a file whose names hold text-direction or invisible characters, and renames look-alikes, isolating every name', async () => {
    const user = userEvent.setup()
    scriptProfiles([PROD])
    render()
    const file = (profiles: unknown[]) => new File([JSON.stringify({ format: 'intent-explorer-profiles', version: 1, profiles })], 'p.json')
    // U+202E made the URL after the name read backwards, as if it were the real service's.
    await user.upload(screen.getByTestId('profiles-file'), file([{ name: 'Production\u202e', baseUrl: 'https://moc.elpmaxe.svc' }]))
    const alert = await screen.findByRole('alert', { name: 'Profiles file problems' })
    expect(alert).toHaveTextContent(/profiles\[0\]\.name: The name holds an invisible or text-direction character \(U\+202E\)/)
    await user.upload(screen.getByTestId('profiles-file'), file([{ name: 'Prod\u200buction', baseUrl: 'https://capture.example' }]))
    expect(await screen.findByRole('alert', { name: 'Profiles file problems' })).toHaveTextContent(/U\+200B/)
    expect(callsOf('saveProfile')).toEqual([])

    // A Greek Rho for the P: it looks like "Production", so it is added under another name, saying so.
    await user.upload(screen.getByTestId('profiles-file'), file([{ name: '\u03a1roduction', baseUrl: 'https://capture.example' }]))
    const preview = within(await screen.findByRole('group', { name: 'Import profiles' }))
    const step = preview.getByRole('listitem')
    expect(step).toHaveTextContent('Add as \u03a1roduction (imported) https://capture.example — its name looks like “Production”, a different profile')
    expect(step.querySelector('bdi')).toHaveTextContent('\u03a1roduction (imported)')
  })

  it('skips a profile already here and imports plain http to another machine only when accepted again', async () => {
    const user = userEvent.setup()
    scriptProfiles([PROD])
    render()
    const text = JSON.stringify({
      format: 'intent-explorer-profiles',
      version: 1,
      profiles: [
        { name: 'Production', baseUrl: 'https://svc.example', dialect: PROD.dialect },
        { name: 'Lab', baseUrl: 'http://10.0.0.5:8080', allowInsecureHttp: true },
      ],
    })
    await user.upload(screen.getByTestId('profiles-file'), new File([text], 'p.json'))
    const preview = within(await screen.findByRole('group', { name: 'Import profiles' }))
    expect(preview.getAllByRole('listitem')[0]).toHaveTextContent('Skip Production https://svc.example — already here, unchanged')
    expect(preview.getByRole('button', { name: 'Import 0 profiles' })).toBeDisabled()
    await user.click(preview.getByRole('checkbox'))
    await user.click(preview.getByRole('button', { name: 'Import 1 profile' }))
    expect(callsOf('saveProfile')).toEqual([{ name: 'Lab', baseUrl: 'http://10.0.0.5:8080', allowInsecureHttp: true }])
  })
})

describe('creating a profile', () => {
  it('takes the access key with the new profile and stores it for the saved profile', async () => {
    const user = userEvent.setup()
    scriptProfiles([])
    render()
    await user.click(screen.getByRole('button', { name: 'Add profile' }))
    const form = within(screen.getByRole('form', { name: 'New profile' }))
    await user.type(form.getByLabelText('Name'), 'Staging')
    await user.type(form.getByLabelText('Service URL'), 'https://staging.example')
    await user.type(form.getByLabelText(/^Access key/), 'k-staging')
    await user.click(form.getByRole('button', { name: 'Save profile' }))
    await waitFor(() => expect(callsOf('setAccessKey')).toEqual([{ profileId: expect.stringMatching(/^new-/), key: 'k-staging' }]))
    const saved = (callsOf('setAccessKey')[0] as { profileId: string }).profileId
    await waitFor(() => expect(screen.getByTestId(`profile-${saved}`)).toHaveTextContent('(stored)'))
  })

  it('shows each profile’s wire form on its card', async () => {
    scriptProfiles([PROD])
    render()
    expect(screen.getByTestId('wire-form-prod')).toHaveTextContent('Wire form: Acme · big integers as strings')
    const sim = useConnection.getState().info!.profiles.find((p) => p.builtIn)!
    expect(screen.getByTestId(`wire-form-${sim.id}`)).toHaveTextContent("Wire form: the spec's")
  })
})

describe('the built-in Simulator profile', () => {
  it('says its demo answers inside the app instead of showing an address nothing serves', async () => {
    const info = useConnection.getState().info!
    const profiles = info.profiles.map((p) => (p.builtIn ? { ...p, baseUrl: IN_PROCESS_DEMO_ORIGIN } : p))
    useConnection.setState({ info: { ...info, profiles } })
    answers.set('getAppInfo', () => ({ ok: true, value: { ...info, profiles } }))
    render()
    expect(await screen.findByText('in-process demo (nothing on the network)')).toBeInTheDocument()
    expect(screen.queryByText(IN_PROCESS_DEMO_ORIGIN)).not.toBeInTheDocument()
  })
})
