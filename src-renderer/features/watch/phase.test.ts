import { describe, expect, it } from 'vitest'
import type { WatchState } from '@contract/watch'
import { elapsedMs, phaseText } from './phase'

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

  it('falls back to created → last mined transaction when the receipt has no summary times', () => {
    const receipt = {
      status: 'SUCCEEDED' as const,
      createdAt: '2026-11-20T11:00:00Z',
      destinationTransaction: { chainId: 1, txnMinedAt: '2026-11-20T11:01:30Z' },
    }
    expect(elapsedMs({ ...base, outcome: 'SUCCEEDED', lastChangeAt: 1_000_023, receipt }, 2_000_000)).toBe(90_000)
  })

  it('says a paused watch is paused, not live', () => {
    expect(phaseText({ ...base, phase: 'paused' }, 0)).toMatchObject({ text: 'Paused', detail: expect.stringMatching(/offline/) })
  })

  it('counts time followed here while the intent runs, or when its receipt has no times', () => {
    expect(elapsedMs({ ...base, phase: 'polling' }, 1_004_000)).toBe(4_000)
    expect(elapsedMs({ ...base, outcome: 'FAILED', lastChangeAt: 1_000_500, receipt: { status: 'FAILED' } }, 2_000_000)).toBe(500)
  })
})
