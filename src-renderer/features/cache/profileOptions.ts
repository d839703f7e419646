import type { ProfileView } from '@contract/app'
import type { SelectOption } from '../../components/SelectField'
import type { CachedProfile } from '../../db'
import { profileLabel } from './format'

/** One option per cached profile, named as the app knows it (or by id once it is gone). */
export const profileOptions = (profiles: readonly CachedProfile[], appProfiles: readonly ProfileView[] | undefined): Array<SelectOption<string>> =>
  profiles.map((p) => ({ value: p.profileId, label: profileLabel(appProfiles, p.profileId) }))
