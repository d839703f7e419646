import { z } from 'zod'
import type { KeyStorageInfo } from '../../src-shared/contract/app'
import { SvcFailure } from '../../src-shared/contract/errors'
import { decodeWith } from '../../src-shared/contract/service'
import { readJsonFile, restrictToOwner, setAside, writeJsonAtomic, type Recovery } from './jsonFile'
import { SIMULATOR_PROFILE_ID } from './profiles'
import { HOST_KEY_ENV, confineEnvKey, envKeyFor, type ConfineOptions, type ConfinedKey, type EnvKeyNames } from './envKey'

/** Custody of access keys, one per profile, in main only: the bridge can set, clear and ask `has`, never read one back. */
export interface KeyStore {
  /** `origin`: the origin the key is about to be used for; a key saved for another origin does not count. */
  has(profileId: string, origin?: string): boolean
  /** For the client's `X-Access-Key` header. A key saved for an origin is handed out only for that origin. */
  get(profileId: string, origin?: string): string | undefined
  /** Throws a SvcFailure (InvalidArgument, path `allowPlainText`) when it refuses to store without encryption. */
  set(profileId: string, key: string, opts?: KeySetOptions): void
  clear(profileId: string): void
  describe(): KeyStorageInfo
  /** Set when the key file could not be read at start-up and was moved aside. */
  readonly recovered?: Recovery
}

export interface KeySetOptions {
  allowPlainText?: boolean
  /** The origin (`https://host:port`) the key is for; it is never handed out for another. */
  origin?: string
}

/** The demo's well-known key (the simulator behind the Simulator profile): usable without storing anything. */
export const SIMULATOR_DEFAULT_KEY = 'demo-key'

const StoredKeySchema = z.object({
  /** `safeStorage`: base64 of Electron's ciphertext. `plain`: the key itself. */
  format: z.enum(['safeStorage', 'plain']),
  value: z.string(),
  /** Where the key may be sent; absent in files written before keys were bound to an origin. */
  origin: z.string().optional(),
})
type StoredKey = z.infer<typeof StoredKeySchema>
// A list rather than an object keyed by profile id: ids come from outside and may be
// names like `__proto__`, which objects do not hold as plain keys.
const StoredEntrySchema = StoredKeySchema.extend({ profileId: z.string() })
// Entries are checked one by one (see the constructor): one bad entry costs that key only.
const KeyFileSchema = z.object({
  version: z.literal(1),
  keys: z.array(z.unknown()),
})

/**
 * The key file of both stores: owner-only JSON (tightened on open), rewritten atomically;
 * a damaged file is moved aside to `.bak` and the store starts empty.
 */
abstract class KeyFileStore implements KeyStore {
  private keys = new Map<string, StoredKey>()
  /** True when the file was readable by others and had to be restricted. */
  readonly tightenedPermissions: boolean
  /** Set when the file could not be read and was moved aside. */
  readonly recovered?: Recovery

  protected constructor(private readonly path: string) {
    // Before reading, and so also before a damaged file is moved aside with its mode.
    this.tightenedPermissions = restrictToOwner(path)
    const file = readJsonFile(path, KeyFileSchema)
    if (file.state === 'ok') this.recovered = this.load(file.data.keys)
    if (file.state === 'recovered') this.recovered = file.recovery
  }

  /** Keeps every entry that reads; if any does not, the file is copied aside as it was and rewritten with the good ones. */
  private load(entries: unknown[]): Recovery | undefined {
    const bad: string[] = []
    for (const [i, entry] of entries.entries()) {
      const parsed = decodeWith(StoredEntrySchema, entry, ['keys', i])
      if (!parsed.ok) bad.push(`${parsed.path}: ${parsed.message}`)
      else {
        const { profileId, ...key } = parsed.value
        this.keys.set(profileId, key)
      }
    }
    if (!bad.length) return undefined
    const backupPath = setAside(this.path, 'copy')
    this.write(this.keys)
    const entriesWord = bad.length === 1 ? 'entry' : 'entries'
    return { backupPath, reason: `${bad.length} unreadable ${entriesWord} left out (${bad[0]}); the other keys were kept` }
  }

  has(profileId: string, origin?: string): boolean {
    return this.usable(profileId, origin) !== undefined || this.fallback(profileId, origin) !== undefined
  }

  get(profileId: string, origin?: string): string | undefined {
    const stored = this.usable(profileId, origin)
    return stored ? this.decode(stored) : this.fallback(profileId, origin)
  }

  set(profileId: string, key: string, opts: KeySetOptions = {}): void {
    const trimmed = key.trim()
    if (!trimmed) throw new SvcFailure({ kind: 'InvalidArgument', path: 'key', message: 'Enter the access key.' })
    const stored = this.encode(trimmed, opts.allowPlainText ?? false)
    this.write(new Map(this.keys).set(profileId, { ...stored, ...(opts.origin !== undefined && { origin: opts.origin }) }))
  }

  /** The stored key if this store can read it and it was saved for `origin` (or for no origin in particular). */
  private usable(profileId: string, origin: string | undefined): StoredKey | undefined {
    const stored = this.keys.get(profileId)
    if (!stored || !this.canRead(stored)) return undefined
    if (stored.origin !== undefined && origin !== undefined && stored.origin !== origin) return undefined
    return stored
  }

  clear(profileId: string): void {
    if (this.keys.has(profileId)) this.write(new Map([...this.keys].filter(([id]) => id !== profileId)))
  }

  abstract describe(): KeyStorageInfo
  protected abstract encode(key: string, allowPlainText: boolean): StoredKey
  protected abstract decode(stored: StoredKey): string
  protected abstract canRead(stored: StoredKey): boolean

  /** A key that applies without being stored, for a profile whose service is at `origin`. */
  protected fallback(profileId: string, _origin: string | undefined): string | undefined {
    return profileId === SIMULATOR_PROFILE_ID ? SIMULATOR_DEFAULT_KEY : undefined
  }

  /** Disk first, memory after: a failed write leaves the store as it was. */
  private write(keys: Map<string, StoredKey>): void {
    writeJsonAtomic(this.path, { version: 1, keys: [...keys].map(([profileId, key]) => ({ profileId, ...key })) })
    this.keys = keys
  }
}

/** The part of Electron's `safeStorage` this store uses; injected so it can be faked in tests. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only in Electron; `basic_text` means there is no keyring and "encryption" uses a fixed password. */
  getSelectedStorageBackend?(): string
}

const PLATFORM_BACKEND: Partial<Record<NodeJS.Platform, string>> = { darwin: 'keychain', win32: 'dpapi' }

/**
 * Desktop key custody: encrypted with the OS keyring through Electron's safeStorage. Where
 * that protects nothing (no encryption, or Linux's `basic_text`) a key is refused unless
 * the person accepts storing it as plain text.
 */
export class SafeStorageKeyStore extends KeyFileStore {
  constructor(
    private readonly safeStorage: SafeStorageLike,
    path: string,
  ) {
    super(path)
  }

  describe(): KeyStorageInfo {
    return { backend: this.backend(), encrypted: this.protects() }
  }

  protected encode(key: string, allowPlainText: boolean): StoredKey {
    if (!this.protects() && !allowPlainText) {
      throw new SvcFailure({
        kind: 'InvalidArgument',
        path: 'allowPlainText',
        message:
          this.backend() === 'basic_text'
            ? 'This computer has no system keyring the app can use, so the access key would be saved on disk unprotected. Unlock or install a keyring (GNOME Keyring or KWallet) and restart the app, or choose to store the key without encryption.'
            : 'Encryption is not available on this system, so the access key would be saved on disk unprotected. Choose to store the key without encryption, or use a system with a keyring.',
      })
    }
    // basic_text still "encrypts" (with a fixed password): better than nothing once accepted.
    if (this.safeStorage.isEncryptionAvailable()) {
      return { format: 'safeStorage', value: this.safeStorage.encryptString(key).toString('base64') }
    }
    return { format: 'plain', value: key }
  }

  protected decode(stored: StoredKey): string {
    if (stored.format === 'plain') return stored.value
    try {
      return this.safeStorage.decryptString(Buffer.from(stored.value, 'base64'))
    } catch {
      throw new SvcFailure({
        kind: 'Unauthorized',
        message:
          'The access key saved for this profile could not be decrypted (the system keyring may have changed). Enter the key again in Settings.',
      })
    }
  }

  protected canRead(): boolean {
    return true
  }

  private backend(): string {
    return this.safeStorage.getSelectedStorageBackend?.() ?? PLATFORM_BACKEND[process.platform] ?? 'unknown'
  }

  private protects(): boolean {
    return this.safeStorage.isEncryptionAvailable() && this.backend() !== 'basic_text'
  }
}

/**
 * Browser-host key custody (no OS keyring): a file only the user can read, plus an
 * optional environment key, confined as `envKey.ts` says, for a profile that has none
 * stored. A key set in Settings wins; clearing it falls back to the environment's.
 */
export class FileKeyStore extends KeyFileStore {
  private constructor(
    path: string,
    private readonly envKey: ConfinedKey | undefined,
  ) {
    super(path)
  }

  /** `warn` hears, without the key, why an environment key is not used; `confine` names its variables and finds a profile's origin. */
  static open(
    path: string,
    env: Record<string, string | undefined>,
    warn: (message: string) => void = () => {},
    confine: Omit<ConfineOptions, 'warn' | 'names'> & { names?: EnvKeyNames } = {},
  ): FileKeyStore {
    return new FileKeyStore(path, confineEnvKey(env, { names: HOST_KEY_ENV, ...confine, warn }))
  }

  describe(): KeyStorageInfo {
    return { backend: 'file', encrypted: false }
  }

  protected encode(key: string): StoredKey {
    return { format: 'plain', value: key }
  }

  protected decode(stored: StoredKey): string {
    return stored.value
  }

  /** Keys encrypted by the desktop app in the same folder cannot be read here. */
  protected canRead(stored: StoredKey): boolean {
    return stored.format === 'plain'
  }

  protected override fallback(profileId: string, origin: string | undefined): string | undefined {
    return envKeyFor(this.envKey, profileId, origin) ?? super.fallback(profileId, origin)
  }
}
