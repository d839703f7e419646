import { describe, expect, it } from 'vitest'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { PAUSE_CHECK_MS, Scheduler, type Job, type Scheduled } from './schedule'
import { FakeClock, settle } from './testing'

interface Item extends Scheduled {
  name: string
  dueAt?: number
  /** What each attempt does, in turn: answer (true/false), fail with an error, or crash. */
  script: Array<boolean | SvcError | Error>
  attempts: number[]
  retries: Array<[SvcError['kind'], number]>
  stops: SvcError[]
}

const item = (name: string, ...script: Item['script']): Item => ({ name, script, attempts: [], retries: [], stops: [] })

function scheduler(clock: FakeClock, paused: () => boolean = () => false, floorMs = 0) {
  const logs: string[] = []
  const job: Job<Item> = {
    name: (i) => `Item ${i.name}`,
    crashMessage: 'Stopped by an unexpected error.',
    dueAt: (i) => i.dueAt,
    attempt: async (i) => {
      i.attempts.push(clock.now())
      const next = i.script.shift() ?? true
      if (next instanceof Error) throw next
      if (typeof next === 'object') throw new SvcFailure(next)
      i.dueAt = clock.now() + 1_000
      return next
    },
    policy: () => ({ baseMs: 100, maxMs: 400, floorMs }),
    retrying: (i, error, retryAt) => {
      i.dueAt = retryAt
      i.retries.push([error.kind, retryAt - clock.now()])
    },
    stopped: (i, error) => i.stops.push(error),
  }
  return { s: new Scheduler(job, { now: clock.now, sleep: clock.sleep, random: () => 1, log: (m) => logs.push(m), paused }), logs }
}

describe('Scheduler', () => {
  it('attempts when due, backs off after failures, honours Retry-After and starts over after a success', async () => {
    const clock = new FakeClock(0)
    const { s } = scheduler(clock)
    const unavailable: SvcError = { kind: 'Unavailable', message: 'down' }
    const limited: SvcError = { kind: 'RateLimited', message: 'slow down', retryAfterMs: 7_000 }
    const a = item('a', unavailable, unavailable, unavailable, unavailable, limited, true, unavailable, false)
    s.start(a)
    await clock.advance(60_000)
    // 100, 200, 400, then the cap; the rate limit as asked (plus up to a tenth); after the success, 100 again.
    expect(a.retries).toEqual([
      ['Unavailable', 100],
      ['Unavailable', 200],
      ['Unavailable', 400],
      ['Unavailable', 400],
      ['RateLimited', 7_700],
      ['Unavailable', 100],
    ])
    expect(a.attempts).toEqual([0, 100, 300, 700, 1_100, 8_800, 9_800, 9_900])
    expect(a.script).toEqual([])
    // `false`: the item is finished, and its loop has returned.
    await a.loop
    expect(clock.pending).toBe(0)
  })

  it('never backs off for less than the floor', async () => {
    const clock = new FakeClock(0)
    const { s } = scheduler(clock, undefined, 60_000)
    const b = item('b', { kind: 'Network', message: 'no route' }, false)
    s.start(b)
    await clock.advance(120_000)
    expect(b.retries).toEqual([['Network', 60_000]])
  })

  it('stops an item on a failure another attempt cannot cure, and on a crash, with a fixed message', async () => {
    const clock = new FakeClock(0)
    const { s, logs } = scheduler(clock)
    const refused = item('refused', { kind: 'Unauthorized', message: 'bad key' })
    const crashing = item('crashing', new Error('secret detail'))
    s.start(refused)
    s.start(crashing)
    await clock.advance(10_000)
    expect(refused.stops).toMatchObject([{ kind: 'Unauthorized', message: 'bad key' }])
    expect(refused.attempts).toHaveLength(1)
    expect(crashing.stops).toEqual([{ kind: 'Internal', message: 'Stopped by an unexpected error.' }])
    expect(logs.join('\n')).toContain('secret detail')
  })

  it('a loop halted and started again is no longer the item’s: its late crash does not stop the item', async () => {
    const clock = new FakeClock(0)
    const { s } = scheduler(clock)
    let fail: (e: Error) => void = () => {}
    const c = item('c')
    // An attempt that does not end when halted: it may still fail later.
    const job = (s as unknown as { job: Job<Item> }).job
    job.attempt = () => new Promise((_, reject) => (fail = reject))
    s.start(c)
    await settle()
    const stale = fail
    s.halt(c)
    s.start(c)
    stale(new Error('late'))
    await settle()
    expect(c.stops).toEqual([])
    fail(new Error('now'))
    await settle()
    expect(c.stops).toHaveLength(1)
  })

  it('asks nothing while paused and goes on within the pause check once it lifts', async () => {
    const clock = new FakeClock(0)
    let paused = true
    const { s } = scheduler(clock, () => paused)
    const d = item('d', false)
    s.start(d)
    await clock.advance(60_000)
    expect(d.attempts).toEqual([])
    paused = false
    await clock.advance(PAUSE_CHECK_MS)
    expect(d.attempts).toEqual([60_000 + PAUSE_CHECK_MS])
  })

  it('wakes an item whose due time moved earlier, and stops every loop for good', async () => {
    const clock = new FakeClock(0)
    const { s } = scheduler(clock)
    const e = item('e', true, true)
    e.dueAt = 50_000
    s.start(e)
    await clock.advance(1_000)
    e.dueAt = 1_000
    e.wake?.()
    await settle()
    expect(e.attempts).toEqual([1_000])
    await s.stopAll([e])
    expect(e.controller).toBeUndefined()
    const f = item('f')
    s.start(f)
    await clock.advance(10_000)
    expect(f.attempts).toEqual([])
    expect(clock.pending).toBe(0)
  })
})
