import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SvcFailure } from '../../src-shared/contract/errors'
import { FileKeyStore, SafeStorageKeyStore, SIMULATOR_DEFAULT_KEY, type SafeStorageLike } from './keystore'
import { SIMULATOR_PROFILE_ID } from './profiles'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keys-'))
  file = join(dir, 'access-keys.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const KEY = 'sk-live-4242-secret'
const posix = process.platform !== 'win32'

/** A stand-in for Electron's safeStorage: XOR "encryption" that makes the key unreadable on disk. */
function fakeSafeStorage(backend: string, available = true): SafeStorageLike & { broken: boolean } {
  const xor = (b: Buffer) => Buffer.from(b.map((x) => x ^ 0x5a))
  return {
    broken: false,
    isEncryptionAvailable: () => available,
    encryptString: (s) => xor(Buffer.from(`v10${s}`)),
    decryptString(b) {
      if (this.broken) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
      return xor(b).toString().slice(3)
    },
    getSelectedStorageBackend: () => backend,
  }
}

function refusal(run: () => void) {
  try {
    run()
  } catch (e) {
    expect(e).toBeInstanceOf(SvcFailure)
    return (e as SvcFailure).error
  }
  throw new Error('not refused')
}

describe('SafeStorageKeyStore', () => {
  it('stores keys encrypted, in an owner-only file, and reads them back', () => {
    const store = new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file)
    expect(store.describe()).toEqual({ backend: 'gnome_libsecret', encrypted: true })
    expect(store.has('p1')).toBe(false)
    store.set('p1', `  ${KEY} `)
    expect(readFileSync(file, 'utf8')).not.toContain(KEY)
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600)

    const reopened = new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file)
    expect(reopened.has('p1')).toBe(true)
    expect(reopened.get('p1')).toBe(KEY)
    reopened.clear('p1')
    expect(reopened.has('p1')).toBe(false)
    expect(new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file).get('p1')).toBeUndefined()
  })

  it('refuses to store a key with the basic_text backend unless the user accepts plain text', () => {
    const store = new SafeStorageKeyStore(fakeSafeStorage('basic_text'), file)
    expect(store.describe()).toEqual({ backend: 'basic_text', encrypted: false })
    const e = refusal(() => store.set('p1', KEY))
    expect(e).toMatchObject({ kind: 'InvalidArgument', path: 'allowPlainText' })
    expect(e.message).toMatch(/no system keyring/)
    expect(e.message).not.toContain(KEY)
    expect(store.has('p1')).toBe(false)

    store.set('p1', KEY, { allowPlainText: true })
    expect(store.get('p1')).toBe(KEY)
  })

  it('refuses when encryption is unavailable, and stores plain text only when accepted', () => {
    const store = new SafeStorageKeyStore(fakeSafeStorage('unknown', false), file)
    expect(refusal(() => store.set('p1', KEY)).message).toMatch(/Encryption is not available/)
    store.set('p1', KEY, { allowPlainText: true })
    expect(JSON.parse(readFileSync(file, 'utf8')).keys).toEqual([{ profileId: 'p1', format: 'plain', value: KEY }])
  })

  it('reports a key that no longer decrypts as a problem to fix in Settings', () => {
    const safe = fakeSafeStorage('kwallet5')
    const store = new SafeStorageKeyStore(safe, file)
    store.set('p1', KEY)
    safe.broken = true
    const e = refusal(() => store.get('p1'))
    expect(e).toMatchObject({ kind: 'Unauthorized' })
    expect(e.message).toMatch(/could not be decrypted.*Enter the key again in Settings/)
  })

  it('knows the Simulator’s default key without storing it', () => {
    const store = new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file)
    expect(store.has(SIMULATOR_PROFILE_ID)).toBe(true)
    expect(store.get(SIMULATOR_PROFILE_ID)).toBe(SIMULATOR_DEFAULT_KEY)
    store.set(SIMULATOR_PROFILE_ID, 'other-key')
    expect(store.get(SIMULATOR_PROFILE_ID)).toBe('other-key')
    store.clear(SIMULATOR_PROFILE_ID)
    expect(store.get(SIMULATOR_PROFILE_ID)).toBe(SIMULATOR_DEFAULT_KEY)
  })

  it('treats profile ids as plain names, whatever they look like', () => {
    const store = new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file)
    expect(store.has('__proto__')).toBe(false)
    expect(store.get('constructor')).toBeUndefined()
    store.set('__proto__', KEY)
    expect(new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file).get('__proto__')).toBe(KEY)
  })

  it('refuses an empty key', () => {
    const store = new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file)
    expect(refusal(() => store.set('p1', '   '))).toMatchObject({ kind: 'InvalidArgument', path: 'key' })
  })
})

describe('FileKeyStore', () => {
  it('keeps keys in a 0600 file and tightens a file others could read', () => {
    const store = FileKeyStore.open(file, {})
    expect(store.describe()).toEqual({ backend: 'file', encrypted: false })
    store.set('p1', KEY)
    if (!posix) return
    expect(statSync(file).mode & 0o777).toBe(0o600)
    chmodSync(file, 0o644)
    const reopened = FileKeyStore.open(file, {})
    expect(reopened.tightenedPermissions).toBe(true)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(reopened.get('p1')).toBe(KEY)
  })

  const origins: Record<string, string> = { p1: 'https://svc.example.com', staging: 'https://svc.example.com' }
  const profileOrigin = (id: string): string | undefined => origins[id]

  it('applies SVC_ACCESS_KEY to the profile it names when none is stored, never to the Simulator', () => {
    const store = FileKeyStore.open(file, { SVC_ACCESS_KEY: 'env-key', SVC_ACCESS_KEY_PROFILE: 'p1' }, undefined, { profileOrigin })
    expect(store.get('p1', 'https://svc.example.com')).toBe('env-key')
    expect(store.has('p1', 'https://svc.example.com')).toBe(true)
    expect(store.get('staging', 'https://svc.example.com')).toBeUndefined()
    expect(store.has('staging')).toBe(false)
    expect(store.get(SIMULATOR_PROFILE_ID)).toBe(SIMULATOR_DEFAULT_KEY)
    store.set('p1', KEY)
    expect(store.get('p1')).toBe(KEY)
    store.clear('p1')
    expect(store.get('p1', 'https://svc.example.com')).toBe('env-key')
  })

  it('binds SVC_ACCESS_KEY_PROFILE alone to that profile’s origin when the store opens, so the key stays behind when the profile moves', () => {
    const warnings: string[] = []
    const store = FileKeyStore.open(file, { SVC_ACCESS_KEY: 'env-key', SVC_ACCESS_KEY_PROFILE: 'p1' }, (m) => warnings.push(m), { profileOrigin })
    expect(store.get('p1', 'https://svc.example.com')).toBe('env-key')
    // The same profile, pointed at another URL afterwards (edited, or replaced by an imported file).
    origins.p1 = 'https://capture.example.net'
    expect(store.get('p1', 'https://capture.example.net')).toBeUndefined()
    expect(store.has('p1', 'https://capture.example.net')).toBe(false)
    expect(store.get('p1', undefined)).toBeUndefined()
    origins.p1 = 'https://svc.example.com'
    expect(warnings).toEqual([])
    // A profile that is not there when the key is read binds to nothing, and says so.
    const none = FileKeyStore.open(file, { SVC_ACCESS_KEY: 'env-key-123', SVC_ACCESS_KEY_PROFILE: 'later' }, (m) => warnings.push(m), { profileOrigin })
    expect(none.get('later', 'https://svc.example.com')).toBeUndefined()
    expect(warnings[0]).toMatch(/SVC_ACCESS_KEY is not used: SVC_ACCESS_KEY_PROFILE names “later”/)
    expect(warnings[0]).not.toContain('env-key-123')
  })

  it('confines SVC_ACCESS_KEY to one service origin when SVC_ACCESS_KEY_ORIGIN names it', () => {
    const store = FileKeyStore.open(file, { SVC_ACCESS_KEY: 'env-key', SVC_ACCESS_KEY_ORIGIN: 'https://svc.example.com/some/path' })
    expect(store.get('prod', 'https://svc.example.com')).toBe('env-key')
    expect(store.get('imported', 'https://evil.example.net')).toBeUndefined()
    expect(store.get('lookalike', 'http://svc.example.com')).toBeUndefined()
    expect(store.has('imported', 'https://evil.example.net')).toBe(false)
    const both = FileKeyStore.open(file, { SVC_ACCESS_KEY: 'env-key', SVC_ACCESS_KEY_PROFILE: 'prod', SVC_ACCESS_KEY_ORIGIN: 'https://svc.example.com' })
    expect(both.get('prod', 'https://svc.example.com')).toBe('env-key')
    // The profile moved to another service: the key stays behind.
    expect(both.get('prod', 'https://other.example.com')).toBeUndefined()
  })

  it('sends an unconfined or badly confined SVC_ACCESS_KEY nowhere, and says why without the key', () => {
    for (const env of [{ SVC_ACCESS_KEY: 'env-key-123' }, { SVC_ACCESS_KEY: 'env-key-123', SVC_ACCESS_KEY_ORIGIN: 'ftp://svc.example.com' }]) {
      const warnings: string[] = []
      const store = FileKeyStore.open(file, env, (m) => warnings.push(m))
      expect(store.get('any', 'https://svc.example.com')).toBeUndefined()
      expect(store.has('any', 'https://svc.example.com')).toBe(false)
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toMatch(/SVC_ACCESS_KEY is not used/)
      expect(warnings[0]).not.toContain('env-key-123')
    }
  })

  it('ignores keys the desktop app encrypted, which it cannot read', () => {
    new SafeStorageKeyStore(fakeSafeStorage('gnome_libsecret'), file).set('p1', KEY)
    const store = FileKeyStore.open(file, {})
    expect(store.has('p1')).toBe(false)
    expect(store.get('p1')).toBeUndefined()
  })

  it('loses only the entry that cannot be read, keeping a copy of the file as it was', () => {
    const good = { profileId: 'p2', format: 'plain', value: 'k-good' }
    writeFileSync(file, JSON.stringify({ version: 1, keys: [{ profileId: 'p1', format: 'rot13', value: 'x' }, good] }), { mode: 0o644 })
    const store = FileKeyStore.open(file, {})
    expect(store.recovered).toMatchObject({ backupPath: expect.stringMatching(/access-keys\.json\.\d{4}-.*\.bak$/), reason: expect.stringMatching(/1 unreadable entry left out \(keys\[0\]\.format/) })
    expect(store.has('p1')).toBe(false)
    expect(store.get('p2')).toBe('k-good')
    expect(readFileSync(store.recovered!.backupPath, 'utf8')).toContain('rot13')
    if (posix) expect(statSync(store.recovered!.backupPath).mode & 0o777).toBe(0o600)
    // Read again, the file now holds the good key alone and says nothing is wrong.
    expect(FileKeyStore.open(file, {}).recovered).toBeUndefined()
  })

  it('moves a key file that is not JSON, or a folder in its place, aside to a new backup each time', () => {
    writeFileSync(file, '{not json')
    const first = FileKeyStore.open(file, {}).recovered!
    writeFileSync(file, '{still not json')
    const second = FileKeyStore.open(file, {}).recovered!
    expect(second.backupPath).not.toBe(first.backupPath)
    expect(readFileSync(first.backupPath, 'utf8')).toBe('{not json')
    expect(readFileSync(second.backupPath, 'utf8')).toBe('{still not json')
    mkdirSync(file)
    const folder = FileKeyStore.open(file, {})
    expect(folder.recovered).toMatchObject({ reason: expect.stringMatching(/folder/) })
    expect(statSync(folder.recovered!.backupPath).isDirectory()).toBe(true)
    folder.set('p1', 'k-new')
    expect(FileKeyStore.open(file, {}).get('p1')).toBe('k-new')
  })
})
