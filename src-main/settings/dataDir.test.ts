import { chmodSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync, lstatSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DebouncedFileWriter } from './debouncedWriter'
import { secureDataDir, restrictToOwner } from './jsonFile'

const modeOf = (p: string) => statSync(p).mode & 0o777

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'ie-perms-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe.skipIf(process.platform === 'win32')('the data folder is the owner’s alone', () => {
  it('tightens the folder to 0700 and every file in it to 0600, following no symbolic link', () => {
    const dir = join(root, 'data')
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(dir, 0o755)
    for (const name of ['watches.json', 'profiles.json.bak', 'access-keys.json']) {
      writeFileSync(join(dir, name), '{}', { mode: 0o644 })
      chmodSync(join(dir, name), 0o644)
    }
    // A link planted where a settings file goes, pointing at a file the app must not touch.
    const outside = join(root, 'outside.txt')
    writeFileSync(outside, 'not ours', { mode: 0o644 })
    chmodSync(outside, 0o644)
    symlinkSync(outside, join(dir, 'profiles.json'))

    secureDataDir(dir)
    expect(modeOf(dir)).toBe(0o700)
    for (const name of ['watches.json', 'profiles.json.bak', 'access-keys.json']) expect(modeOf(join(dir, name)), name).toBe(0o600)
    expect(modeOf(outside)).toBe(0o644)
    expect(restrictToOwner(join(dir, 'profiles.json'))).toBe(false)
    expect(modeOf(outside)).toBe(0o644)
    expect(lstatSync(join(dir, 'profiles.json')).isSymbolicLink()).toBe(true)
  })

  it('writes the watch list 0600', async () => {
    const file = join(root, 'fresh', 'watches.json')
    const writer = new DebouncedFileWriter(file, () => '{}', 0, () => undefined, 'the watch list')
    writer.schedule()
    await writer.flush()
    expect(modeOf(file)).toBe(0o600)
  })
})
