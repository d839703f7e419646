/**
 * `npm run doctor`: every read operation of the service with the app's own client, one
 * line each (`formatChecks`), the optional operations and whether each history filter is
 * applied; exits 1 when a check failed, 2 on a usage error. The key is read from the
 * environment only, so it stays out of shell history and the process list.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { WireDialect } from '../../src-shared/contract/dialect'
import { noCheckFailed } from '../../src-shared/contract/checks'
import { SvcClient } from '../service/client'
import { formatChecks, runConnectionChecks } from '../service/connectionChecks'
import { CLI_KEY_ENV } from '../settings/envKey'
import { baseUrlOption, describeDialect, forCommandLine, parseCommandLine, WIRE_FLAG_OPTIONS, WIRE_FLAGS_USAGE, wireDialectFromFlags } from '../service/wireFlags'

const USAGE = `usage: npm run doctor -- --base-url URL [--service-name Svc] [--rename neutral=wire]... [--big-ints number|string]
  The access key is read from ${CLI_KEY_ENV.key}.
${WIRE_FLAGS_USAGE}`

export interface DoctorOptions {
  baseUrl: string
  dialect: WireDialect
}

export function parseDoctorArgs(argv: string[]): DoctorOptions {
  const { values } = parseCommandLine({ args: argv, strict: true, allowPositionals: false, options: { 'base-url': { type: 'string' }, ...WIRE_FLAG_OPTIONS } }, CLI_KEY_ENV.key)
  return { baseUrl: baseUrlOption(values['base-url'] ?? ''), dialect: wireDialectFromFlags(values) }
}

/** Runs the checks and returns the process exit code; `print` receives each line. */
export async function doctor(opts: DoctorOptions, accessKey: string | undefined, print: (line: string) => void): Promise<number> {
  const client = new SvcClient({ baseUrl: opts.baseUrl, dialect: opts.dialect, getAccessKey: () => accessKey || undefined })
  print(`Checking ${opts.baseUrl} as ${describeDialect(opts.dialect)}${accessKey ? '' : `, without an access key (${CLI_KEY_ENV.key} is not set)`}`)
  const checks = await runConnectionChecks(client, { filters: true })
  for (const line of formatChecks(checks)) print(forCommandLine(line, CLI_KEY_ENV.key))
  // Rate-limited checks are inconclusive, not failures; warnings (ignored filters, missing parts) do not fail the run.
  return noCheckFailed(checks) ? 0 : 1
}

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) return console.log(USAGE)
  let opts: DoctorOptions
  try {
    opts = parseDoctorArgs(process.argv.slice(2))
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  process.exit(await doctor(opts, process.env[CLI_KEY_ENV.key], (line) => console.log(line)))
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main()
