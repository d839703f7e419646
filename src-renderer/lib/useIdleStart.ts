import { useEffect, useState } from 'react'

/**
 * False on the first render, true once the page is idle after that render was committed
 * (or `timeoutMs` later at the latest). Work a view's first paint does not need (reads for
 * figures beside the rows) waits for it, so the rows are not held up by it.
 */
export function useIdleStart(timeoutMs = 500): boolean {
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (started) return
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setStarted(true), { timeout: timeoutMs })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(() => setStarted(true), 0)
    return () => clearTimeout(id)
  }, [started, timeoutMs])
  return started
}
