import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { electronBinary } from './electronBinary'

/**
 * `npm start`: build when the sources are newer than the build, then run the desktop app
 * if an Electron binary is available, else the browser host (printing its URL).
 */
const root = join(__dirname, '..')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

function buildIfNeeded(): void {
  const marker = join(root, 'out/renderer/index.html')
  const sources = Math.max(...['src-main', 'src-shared', 'src-renderer', 'tools'].map((d) => newestMtime(join(root, d))))
  if (existsSync(marker) && statSync(marker).mtimeMs >= sources) return
  console.log('Building the app…')
  const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

buildIfNeeded()
const binary = electronBinary()
const args = process.argv.slice(2)
const child = binary.ok
  ? spawn(binary.path, ['.', ...args], { cwd: root, stdio: 'inherit' })
  : (console.log(`Electron binary unavailable (${binary.reason}); starting the browser host instead.`),
    spawn('npx', ['tsx', 'src-main/host/cli.ts', ...args], { cwd: root, stdio: 'inherit' }))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code) => process.exit(code ?? 0))
