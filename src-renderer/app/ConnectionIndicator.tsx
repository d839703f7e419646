import { Link } from 'react-router'
import { activeProfile, useConnection } from '../stores/connection'

/** Online / offline / simulated, and which profile: always visible, links to Settings. */
export function ConnectionIndicator() {
  const { info, reachability, lastOutage } = useConnection()
  const profile = activeProfile(info)
  const state = reachability === 'offline' ? 'offline' : profile?.builtIn ? 'simulated' : reachability
  const label =
    state === 'offline' ? 'Offline' : state === 'simulated' ? 'Simulated data' : state === 'online' ? 'Online' : 'Connecting'
  return (
    <Link
      to="/settings"
      className={`conn conn-${state}`}
      data-testid="connection"
      title={lastOutage ? lastOutage.message : profile ? `${profile.name}: ${profile.baseUrl}` : undefined}
    >
      <span className="dot" aria-hidden="true" />
      <span className="conn-state">{label}</span>
      {profile ? <span className="muted conn-profile">{profile.name}</span> : null}
    </Link>
  )
}
