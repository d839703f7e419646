import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string }

const executable = (dist: string) =>
  process.platform === 'darwin'
    ? join(dist, 'Electron.app/Contents/MacOS/Electron')
    : join(dist, process.platform === 'win32' ? 'electron.exe' : 'electron')

/**
 * Finds a runnable Electron without triggering its first-run download (which cannot
 * work offline): `ELECTRON_OVERRIDE_DIST_PATH`, else an already installed dist.
 */
export function electronBinary(env: NodeJS.ProcessEnv = process.env, root = join(__dirname, '..')): ElectronBinary {
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  if (override) {
    const path = executable(override)
    return existsSync(path) ? { ok: true, path } : { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no Electron at ${path}` }
  }
  const pkgDir = join(root, 'node_modules/electron')
  const pathFile = join(pkgDir, 'path.txt')
  if (existsSync(pathFile)) {
    const path = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim())
    if (existsSync(path)) return { ok: true, path }
  }
  return { ok: false, reason: 'it has not been downloaded and ELECTRON_OVERRIDE_DIST_PATH is not set' }
}
