import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WatchControl } from '../../src-shared/contract/watch'
import { FileKeyStore } from '../settings/keystore'
import { ProfileStore } from '../settings/profiles'
import { createCore } from './core'
import { EventHub } from '../events/hub'

let dir: string
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'core-'))))
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function coreFor(resumed: string[] = []) {
  return createCore({
    runtime: 'host',
    version: 'test',
    profiles: ProfileStore.open(join(dir, 'profiles.json')),
    keys: FileKeyStore.open(join(dir, 'access-keys.json'), {}),
    events: new EventHub(),
    makeWatches: () => ({ resumeStopped: (profileId: string) => resumed.push(profileId) }) as unknown as WatchControl,
  })
}

describe('settings changes', () => {
  it('start again the watches a failure stopped, when a key is set or a profile is edited', () => {
    const resumed: string[] = []
    const core = coreFor(resumed)
    const created = core.saveProfile({ name: 'Prod', baseUrl: 'https://svc.example.com' })
    expect(resumed).toEqual([])
    core.setAccessKey(created.id, 'k-1', true)
    core.saveProfile({ id: created.id, name: 'Prod', baseUrl: 'https://svc2.example.com' })
    expect(resumed).toEqual([created.id, created.id])
  })
})

describe('appInfo', () => {
  it('reports no recovered settings when the files are fine or missing', () => {
    expect(coreFor().appInfo().recoveredSettings).toEqual([])
  })

  it('names each settings file that could not be read, why, and where it was kept', () => {
    writeFileSync(join(dir, 'profiles.json'), '{not json')
    writeFileSync(join(dir, 'access-keys.json'), '{"version":1,"keys":[{"profileId":"p1","format":"rot13","value":"x"}]}')
    expect(coreFor().appInfo().recoveredSettings).toEqual([
      { file: 'profiles', backupPath: expect.stringMatching(/profiles\.json\.\d{4}-.*\.bak$/), reason: 'not valid JSON' },
      { file: 'access keys', backupPath: expect.stringMatching(/access-keys\.json\.\d{4}-.*\.bak$/), reason: expect.stringContaining('keys[0].format') },
    ])
  })

  it('lists a watch list that could not be read like the other settings files', () => {
    const core = createCore({
      runtime: 'host',
      version: 'test',
      profiles: ProfileStore.open(join(dir, 'profiles.json')),
      keys: FileKeyStore.open(join(dir, 'access-keys.json'), {}),
      events: new EventHub(),
      makeWatches: () => ({ recovered: { backupPath: '/data/watches.json.x.bak', reason: 'not valid JSON' } }) as unknown as WatchControl,
    })
    expect(core.appInfo().recoveredSettings).toEqual([{ file: 'watch list', backupPath: '/data/watches.json.x.bak', reason: 'not valid JSON' }])
  })
})
