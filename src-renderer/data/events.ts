import type { BridgeEvent } from '@contract/bridge'
import { bridge } from '../bridge'
import { useConnection } from '../stores/connection'
import { call } from './call'

/**
 * Listens to the main core's events (watch and watched-filter changes, notices clicked);
 * the returned function stops listening. Features subscribe here, never to the bridge.
 */
export const onMainEvent = (listener: (event: BridgeEvent) => void): (() => void) => bridge.subscribe(listener)

/**
 * Shows a page of the app on a given profile, switching to that profile first when it is
 * not the active one: a clicked notice (a finished watch, a watched filter's finding) may
 * come from any profile.
 */
export async function showInProfile(profileId: string, hash: string): Promise<void> {
  if (useConnection.getState().info?.activeProfileId !== profileId) {
    const r = await call('setActiveProfile', { id: profileId })
    if (r.ok) useConnection.getState().setInfo(r.value)
  }
  location.hash = hash
}
