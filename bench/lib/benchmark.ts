import type { CachedProfile } from './cachedProfile'
import type { Figure } from './report'

export interface BenchContext {
  /** The smaller, faster variant (`--quick`): fewer runs and smaller data; see README. */
  quick: boolean
  /** Progress for whoever watches the run; not part of the figures. */
  log(message: string): void
  /** A fresh scratch folder, removed when the run ends. */
  scratch(label: string): string
  /** The browser profile holding the large offline cache, built once per run on first use. */
  cachedProfile(): Promise<CachedProfile>
}

export interface Benchmark {
  /** As given to `--only`. */
  name: string
  /** What must be built first: the app (`npm run build`) and/or the cache harness page. */
  needs: { app?: boolean; harness?: boolean }
  run(ctx: BenchContext): Promise<Figure[]>
}

/** Throws once `ms` have passed since it was made: every wait and loop in a benchmark is bounded. */
export class Deadline {
  private readonly end: number
  constructor(
    private readonly ms: number,
    private readonly what: string,
  ) {
    this.end = Date.now() + ms
  }

  get left(): number {
    return Math.max(0, this.end - Date.now())
  }

  check(): void {
    if (Date.now() > this.end) throw new Error(`${this.what} took longer than ${Math.round(this.ms / 1000)} s`)
  }
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms))

/**
 * Rejects if `work` has not settled within `ms`. `page.evaluate` has no time limit of its
 * own; the caller's `finally` then closes the browser, which ends the evaluation too.
 */
export function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * What a benchmark has started (servers, processes, browsers), stopped in reverse order
 * however the benchmark ends. A failure to stop is reported, not thrown, so it cannot
 * hide the error that ended the benchmark.
 */
export class Resources {
  private readonly stops: Array<{ what: string; stop: () => Promise<void> }> = []

  /** Registers `thing` to be stopped by `close()` and hands it back. */
  add<T>(what: string, thing: T, stop: (t: T) => Promise<void>): T {
    this.stops.push({ what, stop: () => stop(thing) })
    return thing
  }

  async close(): Promise<void> {
    for (const { what, stop } of this.stops.splice(0).reverse()) {
      try {
        await within(30_000, `stopping ${what}`, stop())
      } catch (e) {
        console.error(`# could not stop ${what}: ${(e as Error).message}`)
      }
    }
  }
}
