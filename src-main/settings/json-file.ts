import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import { formatPath } from '../../src-shared/contract/service'

/**
 * Small JSON settings files, written so that a crash or power cut leaves either the old
 * file or the new one, never half of each: write a temporary file beside it, flush it,
 * then rename it over the original. Synchronous on purpose: these files are tiny, and
 * every caller wants the change on disk before it answers.
 */
export function writeJsonAtomic(path: string, value: unknown, mode = 0o600): void {
  const data = `${JSON.stringify(value, null, 2)}\n`
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`
  const fd = openSync(temp, 'wx', mode)
  try {
    writeSync(fd, data)
    fsyncSync(fd)
  } catch (e) {
    closeSync(fd)
    rmSync(temp, { force: true })
    throw e
  }
  closeSync(fd)
  try {
    renameSync(temp, path)
  } catch (e) {
    rmSync(temp, { force: true })
    throw e
  }
}

function readTextIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
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
 * Reads and validates a settings file. One that is not valid JSON or does not fit the
 * schema is moved aside to `<path>.bak` (replacing an older backup) so the app can start
 * from defaults and say what happened, instead of failing to start.
 */
export function readJsonFile<S extends z.ZodType>(path: string, schema: S): JsonFile<z.output<S>> {
  const text = readTextIfExists(path)
  if (text === undefined) return { state: 'missing' }
  let reason: string
  try {
    const parsed = schema.safeParse(JSON.parse(text))
    if (parsed.success) return { state: 'ok', data: parsed.data }
    const issue = parsed.error.issues[0]
    reason = `${formatPath(issue?.path ?? []) || 'file'}: ${issue?.message ?? 'invalid'}`
  } catch {
    reason = 'not valid JSON'
  }
  const backupPath = `${path}.bak`
  renameSync(path, backupPath)
  return { state: 'recovered', recovery: { backupPath, reason } }
}

/**
 * Makes sure only the owner can read the file (if there is one); returns whether it had
 * to tighten it.
 * Windows has no such mode bits (its ACLs already scope the profile folder to the user).
 */
export function restrictToOwner(path: string): boolean {
  if (process.platform === 'win32') return false
  let mode: number
  try {
    mode = statSync(path).mode & 0o777
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false
    throw e
  }
  if ((mode & 0o077) === 0) return false
  chmodSync(path, 0o600)
  return true
}
