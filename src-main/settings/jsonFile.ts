import { copyFileSync, existsSync, closeSync, constants, fchmodSync, fstatSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { decodeWith } from '../../src-shared/contract/service'

/**
 * Small JSON settings files, written so a crash leaves the old file or the new one (a
 * flushed temporary file renamed over it). Synchronous on purpose: they are tiny, and
 * every caller wants the change on disk before it answers.
 */
export function writeJsonAtomic(path: string, value: unknown, mode = 0o600): void {
  const data = `${JSON.stringify(value, null, 2)}\n`
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  const fd = openSync(temp, 'wx', mode)
  try {
    try {
      writeSync(fd, data)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(temp, path)
  } catch (e) {
    rmSync(temp, { force: true })
    throw e
  }
}

/** The text, `undefined` if there is nothing there, or `'directory'` when a folder sits where the file should be. */
function readTextIfExists(path: string): string | undefined | 'directory' {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return undefined
    if (code === 'EISDIR') return 'directory'
    throw e
  }
}

/** Moves an unusable settings file (or folder) aside to `<path>.<UTC time>.bak`, or copies it there; never over an earlier backup. */
export function setAside(path: string, how: 'move' | 'copy'): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  let backupPath = `${path}.${stamp}.bak`
  for (let n = 2; existsSync(backupPath); n++) backupPath = `${path}.${stamp}-${n}.bak`
  if (how === 'copy') copyFileSync(path, backupPath, constants.COPYFILE_EXCL)
  else renameSync(path, backupPath)
  return backupPath
}

/** Why a settings file could not be used, and where it was moved so nothing is lost. */
export interface Recovery {
  backupPath: string
  reason: string
}

export type JsonFile<T> =
  | { state: 'missing' }
  | { state: 'ok'; data: T }
  | { state: 'recovered'; recovery: Recovery }

/**
 * Reads and validates a settings file; one that is not valid JSON or does not fit (or a
 * folder in its place) is moved aside (`setAside`), so the app starts from defaults and
 * says so instead of failing to start.
 */
export function readJsonFile<S extends z.ZodType>(path: string, schema: S): JsonFile<z.output<S>> {
  const text = readTextIfExists(path)
  if (text === undefined) return { state: 'missing' }
  if (text === 'directory') return { state: 'recovered', recovery: { backupPath: setAside(path, 'move'), reason: 'a folder was where the file should be' } }
  let reason: string
  try {
    const parsed = decodeWith(schema, JSON.parse(text))
    if (parsed.ok) return { state: 'ok', data: parsed.value }
    reason = `${parsed.path || 'file'}: ${parsed.message}`
  } catch {
    reason = 'not valid JSON'
  }
  return { state: 'recovered', recovery: { backupPath: setAside(path, 'move'), reason } }
}

/**
 * Makes sure only the owner can use the file or folder, if there is one (0600, or 0700);
 * returns whether it had to tighten it. A symbolic link is never followed (O_NOFOLLOW,
 * changed through the descriptor), so a planted link cannot redirect it; Windows has no
 * such mode bits.
 */
export function restrictToOwner(path: string): boolean {
  if (process.platform === 'win32') return false
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    // ELOOP: it is a symbolic link.
    if (code === 'ENOENT' || code === 'ELOOP') return false
    throw e
  }
  try {
    const st = fstatSync(fd)
    const wanted = st.isDirectory() ? 0o700 : st.isFile() ? 0o600 : undefined
    if (wanted === undefined || (st.mode & 0o077) === 0) return false
    fchmodSync(fd, wanted)
    return true
  } finally {
    closeSync(fd)
  }
}

/** The data folder of the browser host and the command line unless one is given: INTENT_EXPLORER_DATA, else ~/.config/intent-explorer-host. */
export const defaultDataDir = (env: Record<string, string | undefined>): string =>
  resolve(env.INTENT_EXPLORER_DATA ?? join(homedir(), '.config', 'intent-explorer-host'))

/** The data folder: created and kept 0700, every file directly in it 0600 (links not followed). */
export function secureDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  restrictToOwner(dir)
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile()) restrictToOwner(join(dir, entry.name))
  }
}
