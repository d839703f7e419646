import type { BridgeEvent } from '@contract/bridge'
import { bridge } from '../bridge'

/**
 * Listens to the main core's events (watch and watched-filter changes, notices clicked);
 * the returned function stops listening. Features subscribe here, never to the bridge.
 */
export const onMainEvent = (listener: (event: BridgeEvent) => void): (() => void) => bridge.subscribe(listener)
