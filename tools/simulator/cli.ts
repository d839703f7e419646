/**
 * `npm run sim -- --port 8787 [--host 127.0.0.1] [--seed 1] [--intents 2000]
 *   [--access-key demo-key]... [--wait-timeout-ms 20000] [--commit-window-ms 600000]
 *   [--faults <spec>] [--shape spec|payload] [--start-at now|<ISO date>] [--admin] [--verbose]
 *   [--service-name Name] [--rename neutral=wire]... [--big-ints number|string]`
 *
 * The last three choose the wire dialect; any of them other than the defaults serves a
 * deployed service's form (its RPC name, renamed fields, shapes and enum spellings).
 *
 * Prints `listening on http://HOST:PORT` once ready; exits cleanly on SIGINT/SIGTERM.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { FaultSpecError, startSimulator, type RunningSimulator, type SimulatorOptions } from './index'
import { dialectFromFlags, type WireDialect } from '../../src-shared/contract/dialect'

const USAGE = `usage: sim --port <n> [--host 127.0.0.1] [--seed 1] [--intents 2000] [--access-key demo-key]...
           [--wait-timeout-ms 20000] [--commit-window-ms 600000] [--faults <spec>]
           [--shape spec|payload] [--start-at now|<ISO date>] [--admin] [--verbose]
           [--service-name Svc] [--rename neutral=wire]... [--big-ints number|string] [--no-extras]
  --no-extras: answer none of the operations beyond the spec (Ping, Clock, GetTokenPrices, …)`

export class UsageError extends Error {}

function int(name: string, text: string | undefined, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${text}"`)
  return n
}

/** The demo starts at the real present; a date (e.g. the fixed SIM_EPOCH_MS) replays identical data. */
function startAt(text: string | undefined): number {
  if (text === undefined || text === 'now') return Date.now()
  const ms = Date.parse(text)
  if (Number.isNaN(ms)) throw new UsageError(`--start-at must be an ISO date or "now", got "${text}"`)
  return ms
}

/** Command-line arguments to simulator options; throws UsageError with a clear message. */
export function parseCli(argv: string[]): SimulatorOptions {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        intents: { type: 'string' },
        'access-key': { type: 'string', multiple: true },
        'wait-timeout-ms': { type: 'string' },
        'commit-window-ms': { type: 'string' },
        faults: { type: 'string' },
        shape: { type: 'string' },
        'start-at': { type: 'string' },
        admin: { type: 'boolean' },
        verbose: { type: 'boolean' },
        'no-extras': { type: 'boolean' },
        'service-name': { type: 'string' },
        rename: { type: 'string', multiple: true },
        'big-ints': { type: 'string' },
      },
    }))
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
  const shape = values.shape
  if (shape !== undefined && shape !== 'spec' && shape !== 'payload') throw new UsageError(`--shape must be "spec" or "payload", got "${shape}"`)
  const keys = values['access-key']
  if (keys?.some((k) => k.trim() === '')) throw new UsageError('--access-key must not be empty')
  return {
    port: int('port', values.port, 0, 65535) ?? 8787,
    host: values.host,
    seed: int('seed', values.seed, 0, 2 ** 32 - 1),
    intents: int('intents', values.intents, 1, 5_000_000),
    accessKeys: keys,
    waitTimeoutMs: int('wait-timeout-ms', values['wait-timeout-ms'], 0),
    commitWindowMs: int('commit-window-ms', values['commit-window-ms'], 1),
    faults: values.faults,
    shape,
    startAt: startAt(values['start-at']),
    admin: values.admin,
    verbose: values.verbose,
    ...(values['no-extras'] && { extras: false }),
    dialect: dialectFromCli(values['service-name'], values.rename, values['big-ints']),
  }
}

/** `--service-name`, `--rename neutral=wire`… and `--big-ints` as a dialect; UsageError when one is malformed. */
export function dialectFromCli(serviceName: string | undefined, renames: string[] | undefined, bigInts: string | undefined): WireDialect {
  const read = dialectFromFlags({ serviceName, renames, bigInts })
  if ('error' in read) throw new UsageError(read.error)
  return read.dialect
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE)
    return
  }
  let opts: SimulatorOptions
  try {
    opts = parseCli(process.argv.slice(2))
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  let sim: RunningSimulator
  try {
    sim = await startSimulator(opts)
  } catch (e) {
    console.error(e instanceof FaultSpecError ? `--faults: ${e.message}` : `could not start: ${(e as Error).message}`)
    process.exit(1)
  }
  console.log(`listening on ${sim.url}`)
  let stopping = false
  const shutdown = () => {
    if (stopping) return
    stopping = true
    void sim.stop().then(() => process.exit(0))
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

// Only run when executed directly, so tests can import parseCli.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main()
