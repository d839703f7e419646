import { describe, expect, it } from 'vitest'
import type { WatchState } from '@contract/watch'
import { elapsedMs } from './phase'

const base: WatchState = { profileId: 'p', intentId: `0x${'1'.repeat(64)}`, addedAt: 1_000_000, phase: 'done', muted: false, revision: 1 }

describe('elapsedMs', () => {
  it('gives a finished intent its own run time, not the few ms it was watched', () => {
    const w: WatchState = {
      ...base,
      outcome: 'SUCCEEDED',
      lastChangeAt: 1_000_023,
      receipt: { status: 'SUCCEEDED', summary: { startedAt: '2026-11-20T11:00:00Z', finishedAt: '2026-11-20T11:02:05Z' } },
    }
    expect(elapsedMs(w, 2_000_000)).toBe(125_000)
  })

  it('counts time followed here while the intent runs, or when its receipt has no times', () => {
    expect(elapsedMs({ ...base, phase: 'polling' }, 1_004_000)).toBe(4_000)
    expect(elapsedMs({ ...base, outcome: 'FAILED', lastChangeAt: 1_000_500, receipt: { status: 'FAILED' } }, 2_000_000)).toBe(500)
  })
})
