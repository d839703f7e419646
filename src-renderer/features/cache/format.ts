import type { ProfileView } from '@contract/app'
import type { SelectOption } from '../../components/SelectField'
import type { CachedProfile } from '../../db'

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB']

/** "1.4 MB"; decimal units, as the browser's storage settings show them. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '—'
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`
}

/** A profile as people know it: its name when the app still has it, else its id. */
export const profileLabel = (profiles: readonly ProfileView[] | undefined, profileId: string): string =>
  profiles?.find((x) => x.id === profileId)?.name ?? profileId

/** One option per cached profile, named as the app knows it (or by id once it is gone). */
export const profileOptions = (profiles: readonly CachedProfile[], appProfiles: readonly ProfileView[] | undefined): Array<SelectOption<string>> =>
  profiles.map((p) => ({ value: p.profileId, label: profileLabel(appProfiles, p.profileId) }))
