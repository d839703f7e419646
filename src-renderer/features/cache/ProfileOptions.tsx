import type { ProfileView } from '@contract/app'
import type { CachedProfile } from '../../db'
import { profileLabel } from './format'

/** One `<option>` per cached profile, named as the app knows it (or by id once it is gone). */
export function ProfileOptions({ profiles, appProfiles }: { profiles: readonly CachedProfile[]; appProfiles: readonly ProfileView[] | undefined }) {
  return profiles.map((p) => (
    <option key={p.profileId} value={p.profileId}>
      {profileLabel(appProfiles, p.profileId)}
    </option>
  ))
}
