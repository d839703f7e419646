import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import type { SettingsRecovery } from '@contract/app'
import { useConnection } from '../stores/connection'
import { resetWorld } from '../testing/harness'
import { SettingsRecoveredBanner } from './SettingsRecoveredBanner'

beforeEach(resetWorld)

const recover = (recoveredSettings: SettingsRecovery[]) =>
  act(() => useConnection.setState((s) => ({ info: { ...s.info!, recoveredSettings } })))

describe('SettingsRecoveredBanner', () => {
  it('shows nothing when every settings file was read', () => {
    render(<SettingsRecoveredBanner />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('names each unreadable file, why, where it was kept and what to do, until dismissed', async () => {
    render(<SettingsRecoveredBanner />)
    recover([
      { file: 'profiles', backupPath: '/data/profiles.json.bak', reason: 'not valid JSON' },
      { file: 'access keys', backupPath: '/data/access-keys.json.bak', reason: 'keys[0].format: invalid option' },
    ])
    const banner = screen.getByRole('alert', { name: 'Settings could not be read' })
    expect(banner).toHaveTextContent('The profiles file (not valid JSON) was kept as /data/profiles.json.bak')
    expect(banner).toHaveTextContent('add the service profiles again in Settings')
    expect(banner).toHaveTextContent('The access keys file (keys[0].format: invalid option) was kept as /data/access-keys.json.bak')
    expect(banner).toHaveTextContent('enter the access keys again in Settings')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
