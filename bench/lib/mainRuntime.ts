import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { arch, platform } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './processes'

/**
 * The Node that the app's main process runs on. Electron embeds its own, and the
 * electron package's dependency on `@types/node` follows its major. The machine's Node
 * can be older: here it is 20, and Electron 45 embeds 24, whose V8 and http cost about
 * half as much CPU for the same long-polls. A main-process figure taken on the machine's
 * Node would measure a runtime the app never runs on.
 *
 * Where the Electron binary itself cannot run (as here), main-process figures are taken on a
 * Node of Electron's major:
 * - `BENCH_MAIN_NODE`, if set;
 * - else the running Node, if it is that major;
 * - else one fetched once from the npm registry (the `node-<os>-<arch>` package) into
 *   `bench/.runtime`;
 * - else the running Node, with a note saying so.
 */
export interface MainRuntime {
  /** Path of the node executable. */
  node: string
  /** Its `process.version`. */
  version: string
  /** Why this one, for the log and the figure's note. */
  note: string
}

const RUNTIME_DIR = join(ROOT, 'bench', '.runtime')

/** The Node major Electron embeds, read from the installed electron package. */
export function electronNodeMajor(): number {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as {
    version: string
    dependencies?: Record<string, string>
  }
  const range = pkg.dependencies?.['@types/node']
  const major = Number(/(\d+)/.exec(range ?? '')?.[1])
  if (!Number.isInteger(major)) throw new Error(`electron ${pkg.version} does not say which Node it embeds (no @types/node dependency)`)
  return major
}

const versionOf = (node: string): string => execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 10_000 }).trim()
const majorOf = (version: string): number => Number(/^v(\d+)/.exec(version)?.[1])

/** A node binary of that major already fetched into bench/.runtime, if any. */
function fetched(major: number): string | undefined {
  if (!existsSync(RUNTIME_DIR)) return undefined
  for (const dir of readdirSync(RUNTIME_DIR)) {
    const node = join(RUNTIME_DIR, dir, 'package', 'bin', 'node')
    if (dir.startsWith(`node-${major}.`) && existsSync(node)) return node
  }
  return undefined
}

/** Fetches the registry's Node build of that major for this machine into bench/.runtime. */
function fetchNode(major: number, log: (m: string) => void): string {
  const name = `node-${platform()}-${arch()}`
  log(`fetching ${name}@${major} from the npm registry into bench/.runtime (once)`)
  const staging = join(RUNTIME_DIR, 'staging')
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  const packed = JSON.parse(
    execFileSync('npm', ['pack', `${name}@${major}`, '--pack-destination', staging, '--json', '--silent'], { encoding: 'utf8', timeout: 600_000 }),
  ) as Array<{ filename: string; version: string }>
  const { filename, version } = packed[0]
  const dir = join(RUNTIME_DIR, `node-${version}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir)
  execFileSync('tar', ['xzf', join(staging, filename), '-C', dir], { timeout: 600_000 })
  rmSync(staging, { recursive: true, force: true })
  return join(dir, 'package', 'bin', 'node')
}

let chosen: MainRuntime | undefined

export function mainRuntime(log: (m: string) => void): MainRuntime {
  if (chosen) return chosen
  const major = electronNodeMajor()
  const here: MainRuntime = { node: process.execPath, version: process.version, note: '' }
  const pick = (node: string, why: string): MainRuntime => {
    const version = versionOf(node)
    if (majorOf(version) !== major) throw new Error(`${node} is Node ${version}, not ${major}`)
    return { node, version, note: `Node ${version}, ${why}` }
  }
  try {
    if (process.env.BENCH_MAIN_NODE) chosen = pick(process.env.BENCH_MAIN_NODE, 'from BENCH_MAIN_NODE')
    else if (majorOf(process.version) === major) chosen = { ...here, note: `Node ${process.version}, the major Electron embeds` }
    else chosen = pick(fetched(major) ?? fetchNode(major, log), `the major Electron embeds (the machine has ${process.version})`)
  } catch (e) {
    chosen = { ...here, note: `Node ${process.version}, not ${major} as in Electron: ${(e as Error).message.split('\n')[0]}` }
  }
  log(`main process runs on ${chosen.note}`)
  return chosen
}
