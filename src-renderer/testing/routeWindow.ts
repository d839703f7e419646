import type { IntentHistoryEntry } from '@contract/service'

/** The route baseline's tests: what the service holds in its last 30 days, timed against one clock. */
export const DAY = 86_400_000
export const NOW = Date.now()
const hex = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** A succeeded intent of the route `origin` → 8453, created `daysAgo`, that took `seconds` to finish. */
export function succeededIntent(n: number, origin: number, seconds: number, daysAgo = 1): IntentHistoryEntry {
  const start = NOW - daysAgo * DAY
  const iso = (t: number) => new Date(t).toISOString()
  return {
    intentId: hex(n),
    status: 'SUCCEEDED',
    createdAt: iso(start - 5000),
    receipt: { originChainId: origin, destinationChainId: 8453, summary: { startedAt: iso(start), finishedAt: iso(start + seconds * 1000) } },
  } as IntentHistoryEntry
}

/** A busy route 1 → 8453 (40 intents, 10–49 s) and a thin one 10 → 8453 (3 intents). */
export const ROUTE_WINDOW: IntentHistoryEntry[] = [
  ...Array.from({ length: 40 }, (_, i) => succeededIntent(i + 1, 1, 10 + i)),
  ...Array.from({ length: 3 }, (_, i) => succeededIntent(100 + i, 10, 20)),
]
