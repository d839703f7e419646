import { describe, expect, it } from 'vitest'
import type { WatchState } from '@contract/watch'
import { phaseText, runningFor } from './phase'

const base: WatchState = { profileId: 'p', intentId: `0x${'1'.repeat(64)}`, addedAt: 1_000_000, phase: 'done', muted: false, revision: 1 }

describe('runningFor', () => {
  it('gives a finished intent its own run time, not the few ms it was watched', () => {
    const w: WatchState = {
      ...base,
      outcome: 'SUCCEEDED',
      lastChangeAt: 1_000_023,
      receipt: { status: 'SUCCEEDED', summary: { startedAt: '2026-11-20T11:00:00Z', finishedAt: '2026-11-20T11:02:05Z' } },
    }
    expect(runningFor(w, 2_000_000)).toEqual({ ms: 125_000, basis: 'run' })
  })

  it('falls back to created → last mined transaction when the receipt has no summary times', () => {
    const receipt = {
      status: 'SUCCEEDED' as const,
      createdAt: '2026-11-20T11:00:00Z',
      destinationTransaction: { chainId: 1, txnMinedAt: '2026-11-20T11:01:30Z' },
    }
    expect(runningFor({ ...base, outcome: 'SUCCEEDED', lastChangeAt: 1_000_023, receipt }, 2_000_000)).toEqual({ ms: 90_000, basis: 'run' })
  })

  it('says a paused watch is paused, not live', () => {
    expect(phaseText({ ...base, phase: 'paused' }, 0)).toMatchObject({ text: 'Paused', detail: expect.stringMatching(/offline/) })
  })

  it('counts a live intent from when it started, not from when it was added to the watch list', () => {
    // Executing for more than 7 minutes, watched for 3 s: "Running for 7m 03s", not "3s".
    const started = Date.parse('2026-11-20T11:00:00Z')
    const w: WatchState = { ...base, phase: 'polling', addedAt: started + 420_000, receipt: { status: 'EXECUTING', summary: { startedAt: '2026-11-20T11:00:00Z' } } }
    expect(runningFor(w, started + 423_000)).toEqual({ ms: 423_000, basis: 'started' })
    // Without a summary, from its deposit.
    const deposited: WatchState = { ...w, receipt: { status: 'EXECUTING', depositTransaction: { chainId: 1, txnMinedAt: '2026-11-20T11:01:00Z' } } }
    expect(runningFor(deposited, started + 423_000)).toEqual({ ms: 363_000, basis: 'started' })
  })

  it('counts time followed here only when nothing says when the intent started, and says so', () => {
    expect(runningFor({ ...base, phase: 'polling' }, 1_004_000)).toEqual({ ms: 4_000, basis: 'watched' })
    expect(runningFor({ ...base, outcome: 'FAILED', lastChangeAt: 1_000_500, receipt: { status: 'FAILED' } }, 2_000_000)).toEqual({ ms: 500, basis: 'watched' })
  })
})
