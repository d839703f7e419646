import { SPEC_DIALECT } from '../../src-shared/contract/dialect'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProfileStore, SIMULATOR_PROFILE_ID } from './profiles'

let dir: string
let file: string

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'profiles-'))
  file = join(dir, 'profiles.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('ProfileStore', () => {
  it('starts with the built-in Simulator, active, whose URL is set at run time', () => {
    const store = ProfileStore.open(file)
    expect(store.list()).toEqual([{ id: SIMULATOR_PROFILE_ID, name: 'Simulator', baseUrl: '', dialect: SPEC_DIALECT, builtIn: true }])
    expect(store.activeId()).toBe(SIMULATOR_PROFILE_ID)
    store.setBuiltInSimulatorUrl('http://127.0.0.1:5050/')
    expect(store.require(store.activeId()).baseUrl).toBe('http://127.0.0.1:5050')
    expect(store.recovered).toBeUndefined()
  })

  it('saves, updates, activates and removes profiles, and keeps them across restarts', () => {
    const store = ProfileStore.open(file)
    const prod = store.save({ name: 'Production', baseUrl: 'https://svc.example.com/' })
    expect(prod).toMatchObject({ name: 'Production', baseUrl: 'https://svc.example.com' })
    store.setActive(prod.id)
    store.save({ id: prod.id, name: 'Prod', baseUrl: 'https://svc2.example.com' })

    const reopened = ProfileStore.open(file)
    expect(reopened.list().map((p) => p.name)).toEqual(['Simulator', 'Prod'])
    expect(reopened.require(reopened.activeId())).toEqual({ id: prod.id, name: 'Prod', baseUrl: 'https://svc2.example.com', dialect: SPEC_DIALECT })

    reopened.remove(prod.id)
    expect(reopened.activeId()).toBe(SIMULATOR_PROFILE_ID)
    expect(ProfileStore.open(file).list()).toHaveLength(1)
  })

  it('does not let the Simulator be changed or removed', () => {
    const store = ProfileStore.open(file)
    expect(() => store.remove(SIMULATOR_PROFILE_ID)).toThrow(/built in and cannot be removed/)
    expect(() => store.save({ id: SIMULATOR_PROFILE_ID, name: 'Mine', baseUrl: 'https://x.example' })).toThrow(/built in/)
  })

  it('validates names and base URLs', () => {
    const store = ProfileStore.open(file)
    const err = (input: { name: string; baseUrl: string }) => {
      try {
        store.save(input)
      } catch (e) {
        return (e as { error: { kind: string; path?: string; message: string } }).error
      }
      throw new Error('accepted')
    }
    expect(err({ name: 'A', baseUrl: 'ftp://x.example' })).toMatchObject({ kind: 'InvalidArgument', path: 'baseUrl' })
    expect(err({ name: 'A', baseUrl: 'https://user:pw@x.example' })).toMatchObject({ path: 'baseUrl' })
    expect(err({ name: ' ', baseUrl: 'https://x.example' })).toMatchObject({ path: 'name' })
    expect(err({ name: 'simulator', baseUrl: 'https://x.example' }).message).toMatch(/already a profile called “Simulator”/)
    expect(store.list()).toHaveLength(1)
  })

  it('refuses hidden characters in names, and a name that looks like another profile’s', () => {
    const store = ProfileStore.open(file)
    const real = store.save({ name: 'Production', baseUrl: 'https://svc.example.com' })
    const refusal = (name: string) => {
      try {
        store.save({ name, baseUrl: 'https://capture.example.net' })
      } catch (e) {
        return (e as { error: { kind: string; path?: string; message: string } }).error
      }
      throw new Error(`accepted ${JSON.stringify(name)}`)
    }
    // Text direction and invisible characters: the import preview showed a URL backwards after U+202E.
    for (const name of ['Production\u202e', 'Prod\u200buction', 'Production\u200b', '\u2066Production\u2069', 'Pro\u00adduction', 'Prod\ufeffuction', 'Pro\u200dduction'])
      expect(refusal(name), JSON.stringify(name)).toMatchObject({ kind: 'InvalidArgument', path: 'name', message: expect.stringMatching(/invisible or text-direction character/) })
    // Look-alikes of "Production": Greek Rho, Cyrillic o and c, fullwidth letters, a zero for an o, another case.
    for (const name of ['\u03a1roduction', 'Pr\u043edu\u0441tion', '\uff30roduction', 'Pr0duction', 'PRODUCTION', 'Producti\u00f3n'])
      expect(refusal(name), JSON.stringify(name)).toMatchObject({ kind: 'InvalidArgument', path: 'name', message: expect.stringContaining('“Production”') })
    // The profile itself may be saved again under its own name, and a different name is fine.
    expect(store.save({ id: real.id, name: 'Production', baseUrl: 'https://svc.example.com' }).name).toBe('Production')
    expect(store.save({ name: 'Staging', baseUrl: 'https://staging.example.com' }).name).toBe('Staging')
    expect(store.list().map((p) => p.name)).toEqual(['Simulator', 'Production', 'Staging'])
  })

  it('asks for explicit confirmation before plain http to another machine, where the key would travel in clear', () => {
    const store = ProfileStore.open(file)
    const refused = (() => {
      try {
        store.save({ name: 'Lan', baseUrl: 'http://svc.example.com:8080' })
      } catch (e) {
        return (e as { error: { path?: string; message: string } }).error
      }
    })()
    expect(refused).toMatchObject({ path: 'allowInsecureHttp' })
    expect(refused!.message).toMatch(/unencrypted/)
    expect(store.list()).toHaveLength(1)
    const lan = store.save({ name: 'Lan', baseUrl: 'http://svc.example.com:8080', allowInsecureHttp: true })
    // A rename keeps the URL already confirmed; a new plain-http URL asks again.
    expect(store.save({ id: lan.id, name: 'LAN', baseUrl: 'http://svc.example.com:8080' }).name).toBe('LAN')
    expect(() => store.save({ id: lan.id, name: 'LAN', baseUrl: 'http://10.0.0.2' })).toThrow(/unencrypted/)
    // Loopback never leaves the machine; https is always fine.
    for (const baseUrl of ['http://localhost:8080', 'http://127.0.0.1:9', 'http://[::1]:9', 'https://svc.example.com'])
      expect(store.save({ name: baseUrl, baseUrl }).baseUrl).toBe(baseUrl)
  })

  it('refuses unknown profile ids', () => {
    const store = ProfileStore.open(file)
    expect(() => store.setActive('nope')).toThrow(/no profile “nope”/)
    expect(() => store.remove('nope')).toThrow(/no profile/)
  })

  it('writes an owner-only file atomically, leaving no temporary files', () => {
    const store = ProfileStore.open(file)
    for (let i = 0; i < 5; i++) store.save({ name: `P${i}`, baseUrl: `https://p${i}.example` })
    expect(readdirSync(dir)).toEqual(['profiles.json'])
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles).toHaveLength(5)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('moves a damaged file aside, starts from defaults and says so', () => {
    writeFileSync(file, '{"version":1,"profiles":[{"id":"a","name":"A","baseUrl":"gopher://x"}],"activeProfileId":"a"}')
    const store = ProfileStore.open(file)
    expect(store.list()).toHaveLength(1)
    expect(store.activeId()).toBe(SIMULATOR_PROFILE_ID)
    expect(store.recovered).toMatchObject({ backupPath: expect.stringMatching(/profiles\.json\..*\.bak$/), reason: expect.stringMatching(/profiles\[0\]\.baseUrl/) })
    expect(readFileSync(store.recovered!.backupPath, 'utf8')).toContain('gopher://x')

    writeFileSync(file, '{not json')
    expect(ProfileStore.open(file).recovered?.reason).toBe('not valid JSON')
  })

  it('falls back to the Simulator when the stored active profile no longer exists', () => {
    writeFileSync(file, JSON.stringify({ version: 1, profiles: [], activeProfileId: 'gone' }))
    expect(ProfileStore.open(file).activeId()).toBe(SIMULATOR_PROFILE_ID)
  })
})
