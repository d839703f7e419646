import { spawn } from 'node:child_process'
import { build } from 'vite'
import harnessConfig from '../browser/vite.config'
import { ROOT } from './processes'

/** The app exactly as `npm run build` makes it (out/renderer is what the browser host serves). */
export function buildApp(): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')))
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')))
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? done() : reject(new Error(`npm run build failed (${code}):\n${output.slice(-2000)}`))))
  })
}

/** The cache harness page, into out/bench/browser. */
export async function buildHarness(): Promise<void> {
  // Passed as an object (not a file for Vite to load), as this process already compiles TypeScript.
  await build({ ...harnessConfig, configFile: false })
}
