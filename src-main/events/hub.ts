import type { BridgeEvent } from '../../src-shared/contract/bridge'

type Listener = (event: BridgeEvent) => void

/** Fan-out of main-process events to every connected window or browser tab. */
export class EventHub {
  private readonly listeners = new Set<Listener>()

  on(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(event: BridgeEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event)
      } catch (e) {
        // One broken subscriber (a closed window, a dropped SSE socket) must not starve the rest.
        console.error('event listener failed:', e)
      }
    }
  }

  get size(): number {
    return this.listeners.size
  }
}
