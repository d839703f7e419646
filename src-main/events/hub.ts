import type { BridgeEvent } from '../../src-shared/contract/bridge'

type Listener = (event: BridgeEvent) => void

/** Fan-out of main's events to every window or tab; each passes `redact` (the key redactor) on its way out. */
export class EventHub {
  private readonly listeners = new Set<Listener>()

  constructor(private readonly redact: (event: BridgeEvent) => BridgeEvent = (event) => event) {}

  on(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(raw: BridgeEvent): void {
    if (!this.listeners.size) return
    const event = this.redact(raw)
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
