import { parseArgs, type ParseArgsConfig } from 'node:util'
import { messageOf } from '../../src-shared/contract/errors'
import { BaseUrlSchema } from '../../src-shared/contract/app'
import { dialectFromFlags, SPEC_SERVICE_NAME, type WireDialect } from '../../src-shared/contract/dialect'

/**
 * The wire options every command-line entry point takes (`npm run doctor`, `npm run cli`,
 * `npm run host`): which form a service speaks, as a profile records it in Settings.
 * One spelling, one default and one set of messages for all three.
 */
export const WIRE_FLAG_OPTIONS = {
  'service-name': { type: 'string' },
  rename: { type: 'string', multiple: true },
  'big-ints': { type: 'string' },
} as const

export const WIRE_FLAG_NAMES = Object.keys(WIRE_FLAG_OPTIONS) as (keyof typeof WIRE_FLAG_OPTIONS)[]

export const WIRE_FLAGS_USAGE = `wire form (as a profile's Settings record it; the spec's form when none is given):
  --service-name NAME       the RPC service name in /rpc/NAME/… (default ${SPEC_SERVICE_NAME})
  --rename neutral=wire     a vendor field name, repeatable (e.g. priceFeedId=oracleFeedId)
  --big-ints number|string  how big integers are written; "string" by default when NAME is not ${SPEC_SERVICE_NAME}`

/** A command line that cannot be run as given; the message says what to change. */
export class UsageError extends Error {}

/** Options that would put a secret in argv, where every process listing shows it. */
const SECRET_OPTION = /^--?(access-?key|key|api-?key|token|secret)(=|$)/i

/** node:util's parseArgs, refusing a command line that carries an access key (it belongs in `keyVariable`); what it refuses is a UsageError. */
export function parseCommandLine<T extends ParseArgsConfig & { args: string[] }>(config: T, keyVariable: string): ReturnType<typeof parseArgs<T>> {
  const secret = config.args.find((a) => SECRET_OPTION.test(a))
  if (secret) {
    throw new UsageError(`Access keys are never taken on the command line (${secret.split('=')[0]}): every process listing would show them. Set ${keyVariable} instead.`)
  }
  try {
    return parseArgs(config)
  } catch (e) {
    throw new UsageError(messageOf(e))
  }
}

/** `--base-url`, checked as Settings checks a profile's URL. */
export function baseUrlOption(value: string): string {
  const base = BaseUrlSchema.safeParse(value)
  if (!base.success) throw new UsageError(`--base-url: ${base.error.issues[0]?.message}`)
  return base.data
}

export type WireFlagValues = { 'service-name'?: string; rename?: string[]; 'big-ints'?: string }

export const hasWireFlags = (values: WireFlagValues): boolean =>
  values['service-name'] !== undefined || (values.rename?.length ?? 0) > 0 || values['big-ints'] !== undefined

/**
 * The dialect the wire options describe, or a UsageError naming the option at fault.
 * A service under its own name is a deployed one, which writes big integers as strings,
 * so `--big-ints` defaults to `string` there and to `number` for the spec's `Svc`.
 */
export function wireDialectFromFlags(values: WireFlagValues): WireDialect {
  const serviceName = values['service-name'] ?? SPEC_SERVICE_NAME
  const bigInts = values['big-ints'] ?? (serviceName.trim() === SPEC_SERVICE_NAME ? 'number' : 'string')
  const read = dialectFromFlags({ serviceName, renames: values.rename, bigInts })
  if ('error' in read) throw new UsageError(read.error)
  return read.dialect
}

/** `/rpc/Orbit/ (big integers as strings, 2 renames)`, for a line saying what is being called. */
export function describeDialect(d: WireDialect): string {
  return `/rpc/${d.serviceName}/ (big integers as ${d.bigInts}s${d.renames.length ? `, ${d.renames.length} rename${d.renames.length > 1 ? 's' : ''}` : ''})`
}

/**
 * A message written for the app (“check the URL in Settings”) reworded for someone who
 * gave the service on the command line: the URL and wire form are options there, and
 * the key comes from the environment.
 */
export function forCommandLine(message: string, keyVariable: string): string {
  return message
    .replace(/the access key was rejected by (\S+) — check it in Settings/gi, (_m, base: string) => `The access key in ${keyVariable} was rejected by ${base} — check it`)
    .replace(/(?:check it|add one) in Settings/g, `set it in ${keyVariable}`)
    .replace(/check in Settings that it is the key/g, `check that ${keyVariable} holds the key`)
    .replace(/use the key for this project in Settings/g, `put the key for this project in ${keyVariable}`)
    .replace(/the URL in Settings/g, 'the --base-url given')
    .replace(/the service name in Settings/g, 'the --service-name given')
    .replace(/the service name matches it/g, '--service-name matches it')
    .replace(/the wire form in Settings \(big integers, renames\)/g, 'the wire options (--service-name, --rename, --big-ints)')
    .replace(/ in Settings/g, ' in the command-line options')
}
