import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { BaseUrlSchema, ProfileInputSchema, isInsecureServiceUrl, type ProfileInput } from '../../src-shared/contract/app'
import { SPEC_DIALECT, WireDialectSchema, type WireDialect } from '../../src-shared/contract/dialect'
import { SvcFailure } from '../../src-shared/contract/errors'
import { decodeWith } from '../../src-shared/contract/service'
import { namesLookAlike } from '../../src-shared/contract/profileName'
import { readJsonFile, writeJsonAtomic, type Recovery } from './jsonFile'

export const SIMULATOR_PROFILE_ID = 'simulator'
const SIMULATOR_NAME = 'Simulator'

const StoredProfileSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(80),
  baseUrl: BaseUrlSchema,
  // How this service spells its wire; files written before dialects existed have none: the spec's form.
  dialect: WireDialectSchema.default(SPEC_DIALECT),
})
const ProfilesFileSchema = z.object({
  version: z.literal(1),
  profiles: z.array(StoredProfileSchema),
  activeProfileId: z.string(),
})
type ProfilesFile = z.infer<typeof ProfilesFileSchema>
/** A service the app can talk to. The access key lives in the KeyStore, never here. */
export type Profile = z.output<typeof StoredProfileSchema> & { builtIn?: boolean }

const invalid = (message: string, path?: string) => new SvcFailure({ kind: 'InvalidArgument', message, path })

/**
 * Profiles and which one is active, persisted as JSON. The built-in Simulator profile
 * is not stored: it always exists, cannot be edited or removed, and its URL is set at
 * run time by whoever starts the demo (empty until it runs; see `bridge/demo.ts`).
 */
export class ProfileStore {
  private profiles: Profile[]
  private activeProfileId: string
  private simulatorUrl = ''
  private simulatorDialect: WireDialect = SPEC_DIALECT

  private constructor(
    private readonly path: string,
    state: ProfilesFile,
    /** Set when the file could not be read and the store started from defaults. */
    readonly recovered?: Recovery,
  ) {
    this.profiles = state.profiles.filter((p) => p.id !== SIMULATOR_PROFILE_ID)
    this.activeProfileId = state.activeProfileId
    if (!this.get(this.activeProfileId)) this.activeProfileId = SIMULATOR_PROFILE_ID
  }

  /**
   * Reads `path` (typically `<data dir>/profiles.json`). A file that is not valid is
   * moved aside to a dated `.bak` and the store starts from the defaults; `recovered`
   * says so, so the app can tell the user.
   */
  static open(path: string): ProfileStore {
    const file = readJsonFile(path, ProfilesFileSchema)
    if (file.state === 'ok') return new ProfileStore(path, file.data)
    const defaults: ProfilesFile = { version: 1, profiles: [], activeProfileId: SIMULATOR_PROFILE_ID }
    return new ProfileStore(path, defaults, file.state === 'recovered' ? file.recovery : undefined)
  }

  /** The Simulator first, then the user's profiles in the order they were added. */
  list(): Profile[] {
    return [this.simulator(), ...this.profiles.map((p) => ({ ...p }))]
  }

  get(id: string): Profile | undefined {
    if (id === SIMULATOR_PROFILE_ID) return this.simulator()
    const p = this.profiles.find((x) => x.id === id)
    return p && { ...p }
  }

  /** The profile, or a NotFound failure saying it is gone. */
  require(id: string): Profile {
    const p = this.get(id)
    if (!p) throw new SvcFailure({ kind: 'NotFound', message: `There is no profile “${id}” any more. Pick one in Settings.` })
    return p
  }

  activeId(): string {
    return this.activeProfileId
  }

  /** Creates a profile, or updates the one with `input.id`. */
  save(input: ProfileInput): Profile {
    const parsed = decodeWith(ProfileInputSchema, input)
    if (!parsed.ok) throw invalid(parsed.message, parsed.path || undefined)
    const { id, name, baseUrl, allowInsecureHttp } = parsed.value
    if (id === SIMULATOR_PROFILE_ID) throw invalid('The Simulator profile is built in and cannot be changed.')
    // Asked whenever the URL becomes one, not on every rename of a profile already confirmed.
    const urlChanged = this.profiles.find((p) => p.id === id)?.baseUrl !== baseUrl
    if (urlChanged && isInsecureServiceUrl(baseUrl) && !allowInsecureHttp)
      throw invalid(
        `${baseUrl} is plain http to another machine: every call, and the access key, would travel unencrypted. Use https, or confirm that you accept this.`,
        'allowInsecureHttp',
      )
    // Compared by what the names look like, so “Ρroduction” (a Greek Rho) cannot sit beside “Production”.
    const clash = this.list().find((p) => p.id !== id && namesLookAlike(p.name, name))
    if (clash) throw invalid(`There is already a profile called “${clash.name}”${clash.name === name ? '' : ', which looks the same'}. Choose another name.`, 'name')
    const index = this.profiles.findIndex((p) => p.id === id)
    const dialect = parsed.value.dialect ?? this.profiles[index]?.dialect ?? SPEC_DIALECT
    const profile: Profile = { id: id ?? randomUUID(), name, baseUrl, dialect }
    this.commit(index >= 0 ? this.profiles.with(index, profile) : [...this.profiles, profile], this.activeProfileId)
    return { ...profile }
  }

  /** Removes a profile; if it was active, the Simulator becomes active. */
  remove(id: string): void {
    if (id === SIMULATOR_PROFILE_ID) throw invalid('The Simulator profile is built in and cannot be removed.')
    this.require(id)
    const active = this.activeProfileId === id ? SIMULATOR_PROFILE_ID : this.activeProfileId
    this.commit(this.profiles.filter((p) => p.id !== id), active)
  }

  setActive(id: string): void {
    this.require(id)
    this.commit(this.profiles, id)
  }

  /** Called once the demo listens; not persisted (its port changes per run). */
  setBuiltInSimulatorUrl(url: string, dialect: WireDialect = SPEC_DIALECT): void {
    const parsed = BaseUrlSchema.safeParse(url)
    if (!parsed.success) throw invalid(`The simulator URL ${url} is not a valid http(s) URL.`)
    this.simulatorUrl = parsed.data
    this.simulatorDialect = dialect
  }

  private simulator(): Profile {
    return { id: SIMULATOR_PROFILE_ID, name: SIMULATOR_NAME, baseUrl: this.simulatorUrl, dialect: this.simulatorDialect, builtIn: true }
  }

  /** Disk first, memory after: a failed write leaves the store as it was. */
  private commit(profiles: Profile[], activeProfileId: string): void {
    const file: ProfilesFile = {
      version: 1,
      profiles: profiles.map(({ id, name, baseUrl, dialect }) => ({ id, name, baseUrl, dialect })),
      activeProfileId,
    }
    writeJsonAtomic(this.path, file)
    this.profiles = profiles
    this.activeProfileId = activeProfileId
  }
}
