import type { parseArgs } from 'node:util'
import type { WireDialect } from '../../src-shared/contract/dialect'
import type { z } from 'zod'
import { GetIntentHistoryRequestSchema, GetIntentRequestSchema, INTENT_STATUSES, type IntentStatus } from '../../src-shared/contract/service'
import { CLI_KEY_ENV } from '../settings/envKey'
import { baseUrlOption, hasWireFlags, parseCommandLine, UsageError, WIRE_FLAG_NAMES, WIRE_FLAG_OPTIONS, WIRE_FLAGS_USAGE, wireDialectFromFlags } from '../service/wireFlags'

/** Where the CLI gets its service from: a saved profile, or a URL with the key from the environment. */
export type Target = { kind: 'profile'; name?: string } | { kind: 'url'; baseUrl: string; dialect: WireDialect }

export interface Common {
  target: Target
  dataDir?: string
}

export type Command =
  | (Common & { command: 'lookup'; key: string; json: boolean })
  | (Common & {
      command: 'history'
      owner?: string
      statuses: IntentStatus[]
      /** unix seconds, inclusive */
      from?: number
      to?: number
      format: 'table' | 'csv' | 'json'
      limit: number
    })
  | (Common & { command: 'watch'; intentId: string; json: boolean })
  | { command: 'help' }

export const HISTORY_LIMIT_DEFAULT = 1000
export const HISTORY_LIMIT_MAX = 100_000

export const USAGE = `usage: npm run cli -- <command> [options]

commands:
  lookup <intent id | tx hash | address> [--json]   --json prints an array, however many match
  history [--owner ADDRESS] [--status STATUS]... [--from TIME] [--to TIME] [--limit N] [--csv | --json]
  watch <intent id> [--json]      prints each status change, exits when the intent is final

every command:
  --profile NAME    a profile saved in the app (name or id; default: the active one)
  --base-url URL    a service URL; the access key is read from INTENT_EXPLORER_ACCESS_KEY
  --data-dir DIR    the app's data folder (default: INTENT_EXPLORER_DATA or ~/.config/intent-explorer-host)

with --base-url, the ${WIRE_FLAGS_USAGE}

TIME is an ISO date (2026-11-20, 2026-11-20T10:00:00Z) or unix seconds.
STATUS is one of ${INTENT_STATUSES.join(', ')}.

exit codes:
  0  done (watch: the intent succeeded)
  1  the service failed or answered something unreadable
  2  the command line is wrong (this text is printed)
  3  lookup: nothing matches the key; watch: the intent ended otherwise (failed, refunded, aborted, invalid)
  4  lookup: the text is not a key (not an intent id, transaction hash or address); nothing was sent`

const OPTIONS = {
  profile: { type: 'string' },
  'base-url': { type: 'string' },
  'data-dir': { type: 'string' },
  json: { type: 'boolean', default: false },
  csv: { type: 'boolean', default: false },
  owner: { type: 'string' },
  status: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
  limit: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  ...WIRE_FLAG_OPTIONS,
} as const

/** Options every command takes: where the service is and how it speaks. */
const TARGET_OPTIONS: readonly string[] = ['profile', 'base-url', 'data-dir', 'help', ...WIRE_FLAG_NAMES]

/** Unix seconds from an ISO date/time or from unix seconds. */
export function parseTimeArg(value: string, name: string): number {
  const text = value.trim()
  if (/^\d{1,11}$/.test(text)) return Number(text)
  const ms = Date.parse(text)
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(ms)) {
    throw new UsageError(`--${name} must be an ISO date (2026-11-20 or 2026-11-20T10:00:00Z) or unix seconds, not “${value}”`)
  }
  return Math.floor(ms / 1000)
}

function parseStatus(value: string): IntentStatus {
  const upper = value.trim().toUpperCase()
  if (!(INTENT_STATUSES as readonly string[]).includes(upper)) {
    throw new UsageError(`--status must be one of ${INTENT_STATUSES.join(', ')}, not “${value}”`)
  }
  return upper as IntentStatus
}

function parseLimit(value: string | undefined): number {
  if (value === undefined) return HISTORY_LIMIT_DEFAULT
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1 || n > HISTORY_LIMIT_MAX) throw new UsageError(`--limit must be a whole number from 1 to ${HISTORY_LIMIT_MAX}, not “${value}”`)
  return n
}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values']

function targetOf(values: Values): Target {
  if (values.profile !== undefined && values['base-url'] !== undefined) throw new UsageError('Give --profile or --base-url, not both.')
  if (values['base-url'] === undefined && hasWireFlags(values)) {
    throw new UsageError('--service-name, --rename and --big-ints go with --base-url; a saved profile already records its wire form.')
  }
  if (values['base-url'] !== undefined) return { kind: 'url', baseUrl: baseUrlOption(values['base-url']), dialect: wireDialectFromFlags(values) }
  return { kind: 'profile', name: values.profile?.trim() || undefined }
}

function only(values: Values, command: string, allowed: readonly string[]): void {
  const given = Object.entries(values).filter(([k, v]) => v !== undefined && v !== false && !TARGET_OPTIONS.includes(k))
  const stray = given.find(([k]) => !allowed.includes(k))
  if (stray) throw new UsageError(`${command} does not take --${stray[0]}`)
}

/** A value typed on the command line, checked with the contract's schema for its request field (the client parses nothing again). */
function checked<S extends z.ZodType>(schema: S, value: string, what: string): z.output<S> {
  const r = schema.safeParse(value)
  if (!r.success) throw new UsageError(`${what}: ${r.error.issues[0]?.message ?? 'not valid'}`)
  return r.data
}

function historyCommand(common: Common, values: Values, rest: string[]): Command {
  only(values, 'history', ['owner', 'status', 'from', 'to', 'limit', 'csv', 'json'])
  if (rest.length) throw new UsageError(`history takes options only, not “${rest[0]}”`)
  if (values.csv && values.json) throw new UsageError('Give --csv or --json, not both.')
  const from = values.from === undefined ? undefined : parseTimeArg(values.from, 'from')
  const to = values.to === undefined ? undefined : parseTimeArg(values.to, 'to')
  if (from !== undefined && to !== undefined && from > to) throw new UsageError('--from is after --to')
  const typedOwner = values.owner?.trim()
  if (values.owner !== undefined && !typedOwner) throw new UsageError('--owner needs an address')
  const owner = typedOwner === undefined ? undefined : checked(GetIntentHistoryRequestSchema.shape.byOwnerAddress, typedOwner, '--owner')
  return {
    ...common,
    command: 'history',
    owner,
    statuses: [...new Set((values.status ?? []).map(parseStatus))],
    from,
    to,
    format: values.csv ? 'csv' : values.json ? 'json' : 'table',
    limit: parseLimit(values.limit),
  }
}

/** argv (after `npm run cli --`) to a command, or a UsageError saying what is wrong. */
export function parseCommand(argv: readonly string[]): Command {
  const { values, positionals } = parseCommandLine({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true }, CLI_KEY_ENV.key)
  const [command, ...rest] = positionals
  if (values.help || command === undefined || command === 'help') return { command: 'help' }
  const common: Common = { target: targetOf(values), dataDir: values['data-dir'] }
  switch (command) {
    case 'lookup':
    case 'watch': {
      only(values, command, ['json'])
      const [key, extra] = rest
      if (!key?.trim()) throw new UsageError(`${command} needs ${command === 'watch' ? 'an intent id' : 'a key: an intent id, transaction hash, address or text'}`)
      if (extra !== undefined) throw new UsageError(`${command} takes one key, not also “${extra}”`)
      if (command === 'lookup') return { ...common, command, key: key.trim(), json: values.json }
      return { ...common, command, intentId: checked(GetIntentRequestSchema.shape.intentId, key.trim(), 'watch needs an intent id'), json: values.json }
    }
    case 'history':
      return historyCommand(common, values, rest)
    default:
      throw new UsageError(`Unknown command “${command}”: use lookup, history or watch.`)
  }
}
