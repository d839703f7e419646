/**
 * The simulated clock: it starts at the dataset's `startAt` and runs at real speed, but
 * can be moved, offset or frozen so tests decide what "now" is. Everything time-based in
 * the simulator (lifecycle steps, expiries, balance drift, caches) reads this clock.
 */
export class SimClock {
  private offset = 0
  private frozenAt: number | null = null
  private readonly t0 = performance.now()
  private readonly listeners = new Set<() => void>()

  constructor(private readonly startAt: number) {}

  private running(): number {
    return this.startAt + (performance.now() - this.t0) + this.offset
  }

  /** Epoch milliseconds, whole. */
  now(): number {
    return Math.floor(this.frozenAt ?? this.running())
  }

  get frozen(): boolean {
    return this.frozenAt !== null
  }

  /** How far the clock is from where it would be had nobody touched it. */
  get offsetMs(): number {
    return Math.round((this.frozenAt ?? this.running()) - (this.running() - this.offset))
  }

  set(nowMs: number): void {
    if (this.frozenAt !== null) this.frozenAt = nowMs
    else this.offset += nowMs - this.running()
    this.emit()
  }

  advance(ms: number): void {
    this.set(this.now() + ms)
  }

  setOffset(offsetMs: number): void {
    this.set(this.running() - this.offset + offsetMs)
  }

  freeze(): void {
    if (this.frozenAt === null) this.frozenAt = this.now()
    this.emit()
  }

  resume(): void {
    if (this.frozenAt === null) return
    const at = this.frozenAt
    this.frozenAt = null
    this.set(at)
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(): void {
    for (const l of this.listeners) l()
  }
}
