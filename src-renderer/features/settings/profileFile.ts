import { z } from 'zod'
import { BaseUrlSchema, ProfileNameSchema, isInsecureServiceUrl, type ProfileView } from '@contract/app'
import { nameSkeleton } from '@contract/profileName'
import { SPEC_DIALECT, WireDialectSchema, type WireDialect } from '@contract/dialect'
import { formatPath } from '@contract/service/primitives'
import { sameDialect } from './dialectDraft'
import { messageOf } from '@contract/errors'

/**
 * Profiles as a file, to hand a service's settings to a colleague or another computer.
 * The file holds each profile's name, service URL, wire form and whether plain http to
 * another machine was accepted — never its access key, which stays in the main process
 * (the page never holds it) and must be entered again after an import.
 */

const PROFILES_FILE_FORMAT = 'intent-explorer-profiles'
const PROFILES_FILE_VERSION = 1
/** More than anyone keeps; bounds what an import does for one file. */
const MAX_PROFILES_IN_FILE = 100
/** A profiles file is a few KB; anything far larger is the wrong file. */
export const MAX_PROFILES_FILE_BYTES = 1_000_000

/**
 * One profile in the file. Strict: a field this app does not write (an access key, an
 * id) is refused by name rather than passed on silently.
 */
const FileProfileSchema = z.strictObject({
  // A name with a text-direction or invisible character refuses the file: it could pass for another profile.
  name: ProfileNameSchema,
  baseUrl: BaseUrlSchema,
  dialect: WireDialectSchema.optional(),
  allowInsecureHttp: z.boolean().optional(),
})
export type FileProfile = z.output<typeof FileProfileSchema>

const ProfilesFileSchema = z.strictObject({
  format: z.literal(PROFILES_FILE_FORMAT, `Not a profiles file: "format" must be "${PROFILES_FILE_FORMAT}"`),
  version: z.literal(PROFILES_FILE_VERSION, `This app reads version ${PROFILES_FILE_VERSION} of the profiles file`),
  exportedAt: z.string().optional(),
  profiles: z.array(FileProfileSchema).min(1, 'The file holds no profiles').max(MAX_PROFILES_IN_FILE, `At most ${MAX_PROFILES_IN_FILE} profiles per file`),
})

/** The file's text for the chosen profiles: no key, no id, nothing the main process keeps to itself. */
export function profilesFileText(profiles: readonly ProfileView[], exportedAt: Date = new Date()): string {
  const file: z.input<typeof ProfilesFileSchema> = {
    format: PROFILES_FILE_FORMAT,
    version: PROFILES_FILE_VERSION,
    exportedAt: exportedAt.toISOString(),
    profiles: profiles.map((p) => ({
      name: p.name,
      baseUrl: p.baseUrl,
      dialect: p.dialect ?? SPEC_DIALECT,
      // Saved, so the person accepted plain http for it; the import asks again.
      ...(isInsecureServiceUrl(p.baseUrl) && { allowInsecureHttp: true }),
    })),
  }
  return `${JSON.stringify(file, null, 2)}\n`
}

type ReadProfilesFile = { ok: true; profiles: FileProfile[] } | { ok: false; problems: string[] }

/** Reads and checks a profiles file; every problem names where it is. */
export function readProfilesFile(text: string): ReadProfilesFile {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return { ok: false, problems: [`This is not a JSON file: ${messageOf(e)}`] }
  }
  const parsed = ProfilesFileSchema.safeParse(json)
  if (parsed.success) return { ok: true, profiles: parsed.data.profiles }
  return {
    ok: false,
    problems: parsed.error.issues.map((i) => {
      // `profiles[1].dialect.serviceName` style, for messages.
      const at = formatPath(i.path)
      const unknownKeys = i.code === 'unrecognized_keys' ? `unexpected field ${i.keys.map((k) => `"${k}"`).join(', ')}` : undefined
      return `${at ? `${at}: ` : ''}${unknownKeys ?? i.message}`
    }),
  }
}

/** What importing one profile of the file will do. */
export interface ImportStep {
  profile: FileProfile
  /** The name it gets: its own, or a new one when a different profile has that name. */
  name: string
  action: 'add' | 'rename' | 'skip'
  /** Why it is renamed or skipped. */
  note?: string
  /** Plain http to another machine: imported only when the person accepts it again. */
  insecure: boolean
}

const sameTarget = (a: { baseUrl: string; dialect?: WireDialect }, b: { baseUrl: string; dialect?: WireDialect }) =>
  a.baseUrl === b.baseUrl && sameDialect(a.dialect ?? SPEC_DIALECT, b.dialect ?? SPEC_DIALECT)

/**
 * Never overwrites: a profile identical to one already here (name, URL and wire form) is
 * skipped; one whose name is taken by a different profile, or looks like a taken name
 * (`Ρroduction` with a Greek Rho beside "Production": names are compared by their
 * skeleton, see `@contract/profileName`), is added under a new name, "Name (imported)",
 * "Name (imported 2)"…, and the note says which profile it looks like.
 */
export function planImport(incoming: readonly FileProfile[], existing: readonly ProfileView[]): ImportStep[] {
  const taken = new Map(existing.map((p) => [nameSkeleton(p.name), p.name]))
  return incoming.map((profile) => {
    const insecure = isInsecureServiceUrl(profile.baseUrl)
    // Same target under a name that looks the same: nothing to add.
    const same = existing.find((p) => nameSkeleton(p.name) === nameSkeleton(profile.name))
    if (same && sameTarget(same, profile)) return { profile, name: same.name, action: 'skip', note: 'already here, unchanged', insecure }
    const clash = taken.get(nameSkeleton(profile.name))
    if (clash === undefined) {
      taken.set(nameSkeleton(profile.name), profile.name)
      return { profile, name: profile.name, action: 'add', insecure }
    }
    let name = `${profile.name} (imported)`
    for (let n = 2; taken.has(nameSkeleton(name)); n++) name = `${profile.name} (imported ${n})`
    taken.set(nameSkeleton(name), name)
    const note = clash === profile.name ? `a different profile is named “${clash}”` : `its name looks like “${clash}”, a different profile`
    return { profile, name, action: 'rename', note, insecure }
  })
}
