import { Link } from 'react-router'
import { outageLabel } from '../components/CachedNotice'
import { useCacheStatus } from '../stores/cache'
import { activeProfile, useConnection } from '../stores/connection'

const LABEL = { 'forced-offline': 'Work offline', simulated: 'Simulated data', online: 'Online', unknown: 'Connecting' } as const

/**
 * Work offline / offline / simulated / online, and which profile: always visible, links to
 * Settings. "Work offline" ticked wins over whatever the service would answer: the views
 * read the cache, so the indicator must not say "Online".
 */
export function ConnectionIndicator() {
  const { info, reachability, lastOutage } = useConnection()
  const forced = useCacheStatus((s) => s.forcedOffline)
  const profile = activeProfile(info)
  const state = forced ? 'forced-offline' : reachability === 'offline' ? 'offline' : profile?.builtIn ? 'simulated' : reachability
  const label = state === 'offline' ? outageLabel(lastOutage) : LABEL[state]
  return (
    <Link
      to="/settings"
      className={`conn conn-${state}`}
      data-testid="connection"
      title={forced ? 'Work offline is ticked: views show the cache and nothing is sent to the service' : lastOutage ? lastOutage.message : profile ? `${profile.name}: ${profile.baseUrl}` : undefined}
    >
      <span className="dot" aria-hidden="true" />
      <span className="conn-state">{label}</span>
      {profile ? <span className="muted conn-profile">{profile.name}</span> : null}
    </Link>
  )
}
