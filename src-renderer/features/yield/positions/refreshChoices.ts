/** Auto-refresh choices, in seconds; 0 is off (the positions query's `refetchInterval`). */
export const REFRESH_CHOICES: ReadonlyArray<{ seconds: number; label: string }> = [
  { seconds: 0, label: 'Off' },
  { seconds: 30, label: 'Every 30 s' },
  { seconds: 60, label: 'Every minute' },
  { seconds: 300, label: 'Every 5 minutes' },
]

export const isRefreshChoice = (seconds: number): boolean => REFRESH_CHOICES.some((c) => c.seconds === seconds)
