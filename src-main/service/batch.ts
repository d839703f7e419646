/** Splits a list into consecutive chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/**
 * Runs `task` over every input with at most `limit` in flight and returns the results
 * in input order. On the first failure the shared signal aborts the tasks still
 * running, and that first failure is what rejects.
 */
export async function mapLimited<T, R>(
  inputs: readonly T[],
  limit: number,
  task: (input: T, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const controller = new AbortController()
  const onAbort = () => controller.abort()
  signal?.addEventListener('abort', onAbort, { once: true })
  if (signal?.aborted) controller.abort()
  const results = new Array<R>(inputs.length)
  let firstFailure: { reason: unknown } | undefined
  let next = 0
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++
      try {
        results[i] = await task(inputs[i], controller.signal)
      } catch (e) {
        firstFailure ??= { reason: e }
        controller.abort()
        return
      }
    }
  }
  try {
    // Waits for every worker, so nothing is left running unobserved after a failure; the
    // failures of tasks aborted because of it are not the story and are dropped.
    await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker))
    if (firstFailure) throw firstFailure.reason
    return results
  } finally {
    signal?.removeEventListener('abort', onAbort)
  }
}
