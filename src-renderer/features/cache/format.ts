import type { ProfileView } from '@contract/app'
import type { SelectOption } from '../../components/SelectField'
import type { CachedProfile } from '../../db'

/** A profile as people know it: its name when the app still has it, else its id. */
export const profileLabel = (profiles: readonly ProfileView[] | undefined, profileId: string): string =>
  profiles?.find((x) => x.id === profileId)?.name ?? profileId

/** One option per cached profile, named as the app knows it (or by id once it is gone). */
export const profileOptions = (profiles: readonly CachedProfile[], appProfiles: readonly ProfileView[] | undefined): Array<SelectOption<string>> =>
  profiles.map((p) => ({ value: p.profileId, label: profileLabel(appProfiles, p.profileId) }))
