import { useEffect, useRef, useState } from 'react'

/**
 * `value`, passed on at most once every `everyMs` (the latest wins), for what is costly to
 * draw from a value that changes many times a second (a chart over a growing list); a
 * change `urgent` says is one (another list altogether) is passed on at once.
 */
export function useThrottled<T>(value: T, everyMs: number, urgent?: (shown: T, value: T) => boolean): T {
  const [shown, setShown] = useState(value)
  const last = useRef(-Infinity)
  const urgentNow = urgent?.(shown, value) ?? false
  useEffect(() => {
    const show = () => {
      last.current = performance.now()
      setShown(() => value)
    }
    const wait = last.current + everyMs - performance.now()
    if (wait <= 0 || urgentNow) {
      show()
      return
    }
    const timer = setTimeout(show, wait)
    return () => clearTimeout(timer)
  }, [value, everyMs, urgentNow])
  // An urgent change is drawn in this very render, not one effect later.
  return urgentNow ? value : shown
}
