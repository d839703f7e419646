import { z } from 'zod'
import { orElse, type SvcError } from './errors'
import { WireDialectSchema, type WireDialect } from './dialect'
import { profileNameProblem } from './profileName'

/** Types about the app itself (profiles, where data came from) that cross the bridge; never the access key. */

/** `raw` read as an absolute URL, or `undefined` when it is not one. */
export const urlOf = (raw: string): URL | undefined => orElse(() => new URL(raw), undefined)

export const BaseUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the service URL')
  .refine((s) => {
    const u = urlOf(s)
    return (u?.protocol === 'http:' || u?.protocol === 'https:') && !u.username && !u.password
  }, 'Use an http:// or https:// URL without a user name or password')
  .transform((s) => s.replace(/\/+$/, ''))

/** A profile's name: 1–80 characters, none hidden or reordering text (see `profileName.ts`). */
export const ProfileNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the profile a name')
  .max(80)
  .superRefine((name, ctx) => {
    const problem = profileNameProblem(name)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

export const ProfileInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  name: ProfileNameSchema,
  baseUrl: BaseUrlSchema,
  /** The person accepts that calls, and the access key, travel unencrypted (plain http to another machine). */
  allowInsecureHttp: z.boolean().optional(),
  /** How the service spells its wire; unchanged (or the spec's form for a new profile) when absent. */
  dialect: WireDialectSchema.optional(),
})

/** A loopback host: `localhost`, `127.x.x.x` or `[::1]`. Traffic to it never leaves this machine. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h)
}

/** Plain http to another machine: the access key would cross the network readable by anyone on the way. */
export function isInsecureServiceUrl(url: string): boolean {
  const u = urlOf(url)
  return u?.protocol === 'http:' && !isLoopbackHostname(u.hostname)
}
export type ProfileInput = z.input<typeof ProfileInputSchema>

export interface ProfileView {
  id: string
  name: string
  baseUrl: string
  /** How the service spells its wire (always set by the main process). */
  dialect?: WireDialect
  /** The embedded simulator's profile: cannot be edited or removed. */
  builtIn: boolean
  hasKey: boolean
}

export interface KeyStorageInfo {
  /** e.g. `gnome_libsecret`, `keychain`, `dpapi`, `file`, `basic_text` */
  backend: string
  encrypted: boolean
}

/** A settings file that could not be read at start-up: moved aside so nothing in it is lost, and replaced by defaults. */
export interface SettingsRecovery {
  file: 'profiles' | 'access keys' | 'watch list' | 'watched queries'
  /** Where the unreadable file now is. */
  backupPath: string
  reason: string
}

/**
 * The built-in Simulator profile's URL when its demo answers inside the app (no socket,
 * nothing on the network): a reserved name (RFC 2606) that no network serves.
 */
export const IN_PROCESS_DEMO_ORIGIN = 'http://demo.invalid'

export interface AppInfo {
  version: string
  runtime: 'electron' | 'host'
  profiles: ProfileView[]
  activeProfileId: string
  /** Where the demo answers once it is in use: `IN_PROCESS_DEMO_ORIGIN`, or a demo's URL handed in at start. */
  simulatorUrl?: string
  keyStorage: KeyStorageInfo
  /** Settings files this launch found unreadable; empty when all were fine. */
  recoveredSettings: SettingsRecovery[]
}

/** Where a piece of data came from (`fetchedAt` in epoch ms); the cache keys everything by profile. */
export const DataSourceSchema = z.object({ profileId: z.string(), baseUrl: z.string(), simulated: z.boolean(), fetchedAt: z.number() })
export type DataSource = z.output<typeof DataSourceSchema>

export interface Fetched<T> {
  data: T
  source: DataSource
}

/**
 * How a check ended. `rateLimited`: still rate-limited after the run's retries, not a
 * failure of the service; `warning`: answered, but something is missing or was ignored;
 * `absent`: an optional operation this service does not offer.
 */
export type CheckOutcome = 'passed' | 'failed' | 'rateLimited' | 'warning' | 'absent'

/** One operation of a connection test: `npm run doctor` prints the same list. */
export interface ConnectionCheck {
  operation: string
  /** It did not fail: passed, a warning, or an absent optional operation. */
  ok: boolean
  /** How it ended, when more than passed or failed; absent means `ok ? 'passed' : 'failed'`. */
  outcome?: CheckOutcome
  /** What was found, or why it failed. */
  detail: string
  /** How many items the answer held (chains, markets, intents…), when it passed. */
  count?: number
  /** The typed failure, when the call itself failed. */
  error?: SvcError
  ms: number
}

export interface ConnectionTest {
  /** Every check passed. */
  ok: boolean
  chains: number
  ms: number
  /** Every read operation, in the order run. */
  checks: ConnectionCheck[]
}
