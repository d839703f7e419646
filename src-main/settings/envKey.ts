import { urlOf } from '../../src-shared/contract/app'
import { SIMULATOR_PROFILE_ID } from './profiles'

/**
 * An access key given in the environment, and the one rule for where it may go, for the
 * browser host (`SVC_ACCESS_KEY`) and the command line (`INTENT_EXPLORER_ACCESS_KEY`).
 * Unlike a key entered in Settings it must say where it belongs: `…_ORIGIN` and/or
 * `…_PROFILE=<id>`, either way bound to one origin when read at start, so a profile
 * pointed elsewhere later (or replaced by an import) leaves the key behind. Otherwise it
 * goes nowhere and `warn` says why (never quoting it); never to the Simulator.
 */
export interface EnvKeyNames {
  key: string
  origin: string
  profile: string
}

const envKeyNames = (key: string): EnvKeyNames => ({ key, origin: `${key}_ORIGIN`, profile: `${key}_PROFILE` })
export const HOST_KEY_ENV = envKeyNames('SVC_ACCESS_KEY')
export const CLI_KEY_ENV = envKeyNames('INTENT_EXPLORER_ACCESS_KEY')

export interface ConfinedKey {
  key: string
  /** The only origin the key is sent to. */
  origin: string
  /** When set, the only profile it is sent for. */
  profileId?: string
}

/** The origin (`scheme://host:port`) of an http(s) URL, or `undefined`. */
export const httpOrigin = (text: string): string | undefined => {
  const url = urlOf(text)
  return url?.protocol === 'http:' || url?.protocol === 'https:' ? url.origin : undefined
}

/** The origin of each saved profile's service, for binding a key given by profile id; the Simulator has none. */
export const profileOrigins =
  (profiles: { get(id: string): { baseUrl: string } | undefined }) =>
  (profileId: string): string | undefined => {
    const p = profileId === SIMULATOR_PROFILE_ID ? undefined : profiles.get(profileId)
    return p ? httpOrigin(p.baseUrl) : undefined
  }

export interface ConfineOptions {
  names: EnvKeyNames
  /** The origin of a profile now (see `profileOrigins`); needed when the profile alone is named. */
  profileOrigin?: (profileId: string) => string | undefined
  warn?: (message: string) => void
}

/** The environment's key with the one origin (and maybe profile) it may go to, or `undefined`, saying why. */
export function confineEnvKey(env: Record<string, string | undefined>, { names, profileOrigin, warn = () => {} }: ConfineOptions): ConfinedKey | undefined {
  const key = env[names.key]?.trim()
  if (!key) return undefined
  const profileId = env[names.profile]?.trim() || undefined
  const originText = env[names.origin]?.trim() || undefined
  const notUsed = `${names.key} is not used:`
  if (originText !== undefined) {
    const origin = httpOrigin(originText)
    if (origin !== undefined) return { key, origin, profileId }
    warn(`${notUsed} ${names.origin} must be the service's origin, e.g. https://svc.example.com or http://127.0.0.1:8080.`)
    return undefined
  }
  if (profileId === undefined) {
    warn(
      `${notUsed} say which service it is for with ${names.origin}=https://host[:port] or ${names.profile}=<profile id>, so it is never sent to another profile’s service.`,
    )
    return undefined
  }
  const origin = profileOrigin?.(profileId)
  if (origin === undefined) {
    warn(`${notUsed} ${names.profile} names “${profileId}”, which is not a saved profile with a service URL (the Simulator needs no key).`)
    return undefined
  }
  return { key, origin, profileId }
}

/** The key for a call of `profileId` to `origin`, if the environment's key may go there. */
export function envKeyFor(confined: ConfinedKey | undefined, profileId: string, origin: string | undefined): string | undefined {
  if (!confined || profileId === SIMULATOR_PROFILE_ID || origin !== confined.origin) return undefined
  return confined.profileId === undefined || confined.profileId === profileId ? confined.key : undefined
}
