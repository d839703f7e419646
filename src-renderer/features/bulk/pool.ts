import type { SvcError } from '@contract/errors'

interface PoolOptions {
  concurrency: number
  signal: AbortSignal
  onSettled?(done: number): void
  /** The service asked the app to wait: no item starts before `until` (epoch ms). */
  onPause?(until: number): void
  sleep?(ms: number): Promise<void>
}

/** An item's result: its failure, or the failed call the cache answered for (`liveError`). */
type JobResult = { error?: SvcError; liveError?: SvcError }

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/**
 * Runs `job` over `items`, at most `concurrency` at once, in order of the list. Nothing is
 * tried again here: the main core already retried what was worth retrying (a RateLimited
 * answer there is tried 3 times in all, waiting out each Retry-After), so a failure is
 * that item's result. A RateLimited failure still pauses every runner until its
 * Retry-After (2 s when it names none) has passed (the service limits the client, not one request), and says so
 * through `onPause`. Stops starting items once `signal` aborts; the results of items not
 * run are absent.
 */
export async function runPool<T, Res extends JobResult>(items: readonly T[], job: (item: T) => Promise<Res>, o: PoolOptions): Promise<Array<Res | undefined>> {
  const results: Array<Res | undefined> = new Array(items.length)
  const sleep = o.sleep ?? realSleep
  let next = 0
  let done = 0
  let pausedUntil = 0
  const runner = async () => {
    while (!o.signal.aborted && next < items.length) {
      const wait = pausedUntil - Date.now()
      if (wait > 0) await sleep(wait)
      // Another runner may have taken the last item during the wait.
      if (o.signal.aborted || next >= items.length) return
      const index = next++
      const r = await job(items[index])
      // A rate-limited call pauses the runners also when the cache answered for it.
      const failure = r.error ?? r.liveError
      if (failure?.kind === 'RateLimited') {
        pausedUntil = Math.max(pausedUntil, Date.now() + (failure.retryAfterMs ?? 2000))
        o.onPause?.(pausedUntil)
      }
      results[index] = r
      o.onSettled?.(++done)
    }
  }
  await Promise.all(Array.from({ length: Math.min(o.concurrency, items.length) }, runner))
  return results
}
