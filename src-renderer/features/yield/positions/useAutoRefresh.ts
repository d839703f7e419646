import { useEffect, useRef } from 'react'

/** Auto-refresh choices, in seconds; 0 is off. */
export const REFRESH_CHOICES: ReadonlyArray<{ seconds: number; label: string }> = [
  { seconds: 0, label: 'Off' },
  { seconds: 30, label: 'Every 30 s' },
  { seconds: 60, label: 'Every minute' },
  { seconds: 300, label: 'Every 5 minutes' },
]

export const isRefreshChoice = (seconds: number): boolean => REFRESH_CHOICES.some((c) => c.seconds === seconds)

/**
 * Calls `refresh` every `seconds` while enabled. The timer belongs to the view: leaving
 * it (unmounting) or turning the choice off stops it.
 */
export function useAutoRefresh(seconds: number, enabled: boolean, refresh: () => void): void {
  const latest = useRef(refresh)
  latest.current = refresh
  useEffect(() => {
    if (!enabled || seconds <= 0) return
    const timer = setInterval(() => latest.current(), seconds * 1000)
    return () => clearInterval(timer)
  }, [seconds, enabled])
}
