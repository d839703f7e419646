/**
 * A cap on long-polls held open at once, handed out first come, first served. A watch
 * releases its slot after every answer and queues again for the next call, so when there
 * are more watches than slots the longest-waiting watch always goes next: a fair rotation
 * with no timers, and no cost at all when nobody waits.
 */
export class Slots {
  private free: number
  // Waiters in arrival order; a Set keeps insertion order and drops a cancelled one in O(1).
  private readonly waiting = new Set<() => void>()

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`slot capacity must be a positive integer, got ${capacity}`)
    this.free = capacity
  }

  /** Resolves true once a slot is held, or false if `signal` aborted first. */
  acquire(signal?: AbortSignal): Promise<boolean> {
    if (signal?.aborted) return Promise.resolve(false)
    if (this.free > 0) {
      this.free--
      return Promise.resolve(true)
    }
    return new Promise((resolve) => {
      const grant = () => {
        signal?.removeEventListener('abort', cancel)
        resolve(true)
      }
      const cancel = () => {
        this.waiting.delete(grant)
        resolve(false)
      }
      this.waiting.add(grant)
      signal?.addEventListener('abort', cancel, { once: true })
    })
  }

  /** Hands the slot straight to the oldest waiter, so a releasing watch cannot take it back first. */
  release(): void {
    const next = this.waiting.values().next()
    if (next.done) {
      this.free = Math.min(this.capacity, this.free + 1)
      return
    }
    this.waiting.delete(next.value)
    next.value()
  }
}
