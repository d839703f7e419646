/** What a list item needs to have a loop run for it. */
export interface Running {
  /** Aborting it ends the loop, including a call being held. */
  controller?: AbortController
  loop?: Promise<void>
}

/**
 * Runs one loop per item of a list main owns (a watched intent's long-polls, a watched
 * filter's polls): started, halted and stopped for good the same way for both. Whatever
 * goes wrong inside a loop never escapes to the process (an unhandled rejection would
 * end the app): it goes to `crashed`, told whether the loop was still the item's current
 * one (a loop halted meanwhile must not stop the item it no longer runs for).
 */
export class LoopRunner<E extends Running> {
  private stopped = false

  constructor(
    private readonly run: (entry: E, signal: AbortSignal) => Promise<void>,
    private readonly crashed: (entry: E, error: unknown, current: boolean) => void,
  ) {}

  start(entry: E): void {
    if (this.stopped) return
    const controller = new AbortController()
    entry.controller = controller
    entry.loop = this.run(entry, controller.signal).catch((e: unknown) => this.crashed(entry, e, entry.controller === controller))
  }

  halt(entry: E): void {
    entry.controller?.abort()
    entry.controller = undefined
  }

  /** Ends every loop for good; resolves when all have returned. */
  async stopAll(entries: Iterable<E>): Promise<void> {
    this.stopped = true
    const loops = [...entries].map((e) => {
      this.halt(e)
      return e.loop
    })
    await Promise.all(loops)
  }
}
