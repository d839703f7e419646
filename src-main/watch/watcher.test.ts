import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import type { WatchControl } from '../../src-shared/contract/watch'
import { realSleep, type Sleep } from '../service/retry'
import type { WatchNotice } from '../../src-shared/contract/watch'
import { EventLog, RecordingFetch, eventually, sessionsFor } from './testing'
import { ReceiptWatcher, type ReceiptWatcherOptions } from './watcher'

const P = 'sim'
const UNKNOWN = `0x${'ab'.repeat(32)}`
const WAIT_MS = 300

let dir: string
let sim: RunningSimulator
let log: EventLog
let recorder: RecordingFetch
let notices: WatchNotice[]
const watchers: WatchControl[] = []

function makeWatcher(extra: Partial<ReceiptWatcherOptions> = {}): WatchControl {
  const w = new ReceiptWatcher({
    session: sessionsFor(sim.url, recorder),
    events: log.hub,
    file: join(dir, 'watches.json'),
    notify: (n) => notices.push(n),
    backoff: { baseMs: 20, maxMs: 200 },
    minPollIntervalMs: 0,
    saveDelayMs: 10,
    log: () => {},
    ...extra,
  })
  watchers.push(w)
  return w
}

const doneOf = (id: string) => (l: EventLog) => l.of('done', id).length > 0
const statusesSeen = (id: string) => log.of('changed', id).map((e) => e.watch.status)

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'watch-'))
  sim = await startSimulator({ port: 0, intents: 50, waitTimeoutMs: WAIT_MS })
  log = new EventLog()
  recorder = new RecordingFetch()
  notices = []
})

afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.stop()))
  await sim.stop()
  rmSync(dir, { recursive: true, force: true })
})

describe('ReceiptWatcher against the simulator', () => {
  it('delivers each state change, then the outcome, and notifies once', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const w = makeWatcher()
    expect(w.watch(P, id)).toMatchObject({ profileId: P, intentId: id, phase: 'queued', muted: false })

    await log.until((l) => l.of('changed', id).length === 1, 5_000, 'the first receipt')
    sim.advance(id) // origin leg pending
    await log.until((l) => l.of('changed', id).length === 2, 5_000, 'the second receipt')
    sim.advance(id, { to: 'SUCCEEDED' })
    await log.until(doneOf(id), 5_000, 'done')

    const done = log.of('done', id)[0]
    expect(done.watch).toMatchObject({ phase: 'done', status: 'SUCCEEDED', outcome: 'SUCCEEDED' })
    expect(done.watch.receipt?.intentId).toBe(id)
    expect(done.watch.receiptSource).toMatchObject({ profileId: P, baseUrl: sim.url })
    expect(statusesSeen(id)).toEqual(['EXECUTING', 'EXECUTING'])
    expect(notices).toEqual([expect.objectContaining({ intentId: id, outcome: 'SUCCEEDED', title: 'Intent succeeded' })])
    expect(w.list(P).items[0]).toMatchObject({ phase: 'done', outcome: 'SUCCEEDED' })
  })

  it('echoes receiptStates back verbatim as lastReceiptStates', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    makeWatcher().watch(P, id)
    await log.until((l) => l.of('changed', id).length === 1)
    sim.advance(id)
    await log.until((l) => l.of('changed', id).length === 2)
    sim.advance(id, { to: 'FAILED', statusReason: 'slippage tolerance exceeded' })
    await log.until(doneOf(id))

    const sent = recorder.requestsFor(id)
    expect(sent[0].lastReceiptStates).toBeUndefined()
    const answered = [...new Set(sent.slice(1).map((r) => JSON.stringify(r.lastReceiptStates)))].map((s) => JSON.parse(s) as string[])
    // Each states list the service sent comes back unchanged on the following call.
    expect(answered[0]).toEqual(['intent:EXECUTING', 'deposit:PENDING'])
    expect(answered[1]).toEqual(['intent:EXECUTING', 'deposit:MINED', 'origin:PENDING'])
    const done = log.of('done', id)[0].watch
    expect(done).toMatchObject({ outcome: 'FAILED', failureReason: 'slippage tolerance exceeded' })
    expect(notices[0]).toMatchObject({ title: 'Intent failed', body: expect.stringContaining('slippage tolerance exceeded') })
  })

  it('calls again after each long-poll time-out without announcing a change', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    makeWatcher().watch(P, id)
    await log.until((l) => l.of('changed', id).length === 1)
    await realSleep(WAIT_MS * 4)
    // First answer at once, then one held call per time-out.
    expect(recorder.requestsFor(id).length).toBeGreaterThanOrEqual(4)
    expect(log.of('changed', id)).toHaveLength(1)
    sim.advance(id, { to: 'SUCCEEDED' })
    await log.until(doneOf(id))
  })

  it('spaces out calls to a service that answers without holding', async () => {
    await sim.stop()
    sim = await startSimulator({ port: 0, intents: 50, waitTimeoutMs: 0 })
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    makeWatcher({ session: sessionsFor(sim.url, recorder), minPollIntervalMs: 200 }).watch(P, id)
    await realSleep(1_000)
    // Unspaced this would be hundreds of calls.
    expect(recorder.requestsFor(id).length).toBeLessThanOrEqual(7)
    expect(recorder.requestsFor(id).length).toBeGreaterThanOrEqual(3)
  })

  it('backs off on server errors, says when it retries, and recovers', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const delays: number[] = []
    const sleep: Sleep = (ms, signal) => (delays.push(ms), realSleep(5, signal))
    sim.setFaults('error500=1@WaitIntentReceipt')
    makeWatcher({ sleep, backoff: { baseMs: 1_000, maxMs: 8_000 }, random: () => 1 }).watch(P, id)

    await log.until((l) => l.of('retrying', id).length >= 5, 5_000, 'five retries')
    const retrying = log.of('retrying', id)[0].watch
    expect(retrying).toMatchObject({ phase: 'retrying', error: { kind: 'Unavailable' } })
    expect(retrying.retryAt).toBeGreaterThan(Date.now() - 1_000)
    expect(delays.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 8_000, 8_000])

    sim.setFaults('')
    await log.until((l) => l.of('changed', id).length === 1, 5_000, 'recovery')
    expect(log.of('changed', id)[0].watch).toMatchObject({ phase: 'polling', status: 'EXECUTING', error: undefined })
  })

  it('waits as long as Retry-After asks when rate limited', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const delays: number[] = []
    const sleep: Sleep = (ms, signal) => (delays.push(ms), realSleep(5, signal))
    sim.setFaults('rate429=1:retry=7@WaitIntentReceipt')
    makeWatcher({ sleep, random: () => 0 }).watch(P, id)
    await log.until((l) => l.of('retrying', id).length >= 2)
    expect(log.of('retrying', id)[0].watch.error).toMatchObject({ kind: 'RateLimited', retryAfterMs: 7_000 })
    expect(delays.slice(0, 2)).toEqual([7_000, 7_000])
  })

  it('stops on an unknown intent, and on a refused key until the key is set or the watch is added again', async () => {
    let key: string | undefined = undefined
    const w = makeWatcher({ session: sessionsFor(sim.url, recorder, () => key) })
    w.watch(P, UNKNOWN)
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    w.watch(P, id)
    await log.until((l) => l.of('error').length === 2, 5_000, 'two errors')
    expect(log.of('error', UNKNOWN)[0].watch).toMatchObject({ phase: 'done', error: { kind: 'Unauthorized' } })
    expect(log.of('error', id)[0].watch.error?.kind).toBe('Unauthorized')

    key = 'demo-key'
    // As when the key is set in Settings: both stopped watches start over; another profile's none.
    expect(w.resumeStopped('another-profile')).toBe(0)
    expect(w.resumeStopped(P)).toBe(2)
    expect(w.list(P).items.map((x) => x.phase)).toEqual(['queued', 'queued'])
    await log.until((l) => l.of('error', UNKNOWN).length === 2)
    expect(log.of('error', UNKNOWN)[1].watch.error?.kind).toBe('NotFound')
    await log.until((l) => l.of('changed', id).length === 1)
    const calls = recorder.requestsFor(UNKNOWN).length
    await realSleep(WAIT_MS)
    expect(recorder.requestsFor(UNKNOWN).length).toBe(calls)
    // Adding a stopped watch again starts it over too.
    expect(w.watch(P, UNKNOWN).phase).toBe('queued')
    expect(w.resumeStopped(P)).toBe(0)
  })

  it('survives the service restarting mid-watch', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const port = sim.port
    makeWatcher().watch(P, id)
    await log.until((l) => l.of('changed', id).length === 1)

    // The held long-poll is cut and calls are refused while the service is away.
    await sim.stop()
    await log.until((l) => l.of('retrying', id).length >= 2, 5_000, 'retries while down')
    expect(log.of('retrying', id)[0].watch.error?.kind).toBe('Network')

    // Same seed, same first created intent: the restarted service knows the intent again.
    sim = await startSimulator({ port, intents: 50, waitTimeoutMs: WAIT_MS })
    expect(sim.createIntent({ status: 'EXECUTING' }).intentId).toBe(id)
    sim.advance(id, { to: 'SUCCEEDED' })
    await log.until(doneOf(id), 5_000, 'done after the restart')
    expect(log.of('done', id)[0].watch).toMatchObject({ outcome: 'SUCCEEDED', error: undefined })
  })

  it('ends held long-polls at once on unwatch and on stop', async () => {
    await sim.stop()
    sim = await startSimulator({ port: 0, intents: 50, waitTimeoutMs: 60_000 })
    const a = sim.createIntent({ status: 'EXECUTING' }).intentId
    const b = sim.createIntent({ status: 'EXECUTING' }).intentId
    const w = makeWatcher({ session: sessionsFor(sim.url, recorder) })
    w.watch(P, a)
    w.watch(P, b)
    await log.until((l) => l.of('changed').length === 2)
    await eventually(() => recorder.open === 2, 2_000, 'two held calls')

    expect(w.unwatch(P, a)).toBe(true)
    await eventually(() => recorder.open === 1, 500, 'the unwatched call to end')
    const started = performance.now()
    await w.stop()
    expect(performance.now() - started).toBeLessThan(500)
    expect(recorder.open).toBe(0)
  })

  it('notifies only for outcomes reached while watched, and respects both mutes', async () => {
    const w = makeWatcher()
    const finished = sim.createIntent({ status: 'SUCCEEDED' }).intentId
    const quiet = sim.createIntent({ status: 'EXECUTING' }).intentId
    const loud = sim.createIntent({ status: 'EXECUTING' }).intentId
    const later = sim.createIntent({ status: 'EXECUTING' }).intentId
    w.watch(P, finished)
    w.watch(P, quiet, { muted: true })
    w.watch(P, loud)
    w.watch(P, later)
    await log.until((l) => l.of('changed').length === 3 && l.of('done').length === 1)

    sim.advance(quiet, { to: 'FAILED' })
    sim.advance(loud, { to: 'FAILED', statusReason: 'insufficient liquidity on route' })
    await log.until((l) => l.of('done').length === 3)
    expect(w.setNotificationsMuted(true)).toBe(true)
    sim.advance(later, { to: 'SUCCEEDED' })
    await log.until((l) => l.of('done').length === 4)

    expect(notices.map((n) => n.intentId)).toEqual([loud])
    expect(notices[0].body).toContain('insufficient liquidity on route')
    // The event carries the same decision, for the browser host's page to show as it is.
    expect(log.of('done').filter((e) => e.notice).map((e) => e.notice)).toEqual(notices)
  })

  it('keeps the list on disk and resumes unfinished watches on start', async () => {
    const running = sim.createIntent({ status: 'EXECUTING' }).intentId
    const finished = sim.createIntent({ status: 'SUCCEEDED' }).intentId
    const first = makeWatcher()
    first.watch(P, running)
    first.watch(P, finished)
    first.setMuted(P, running, true)
    first.setNotificationsMuted(true)
    await log.until((l) => l.of('changed', running).length === 1 && doneOf(finished)(l))
    await first.stop()

    const file = JSON.parse(readFileSync(join(dir, 'watches.json'), 'utf8'))
    expect(file.watches).toHaveLength(2)
    expect(existsSync(join(dir, 'watches.json.bak'))).toBe(false)

    log = new EventLog()
    const second = makeWatcher({ events: log.hub })
    const restored = second.list(P)
    expect(restored.notificationsMuted).toBe(true)
    expect(restored.items.find((x) => x.intentId === running)).toMatchObject({ muted: true, status: 'EXECUTING', phase: 'queued' })
    expect(restored.items.find((x) => x.intentId === finished)).toMatchObject({ outcome: 'SUCCEEDED', phase: 'done' })
    expect(restored.items.find((x) => x.intentId === finished)?.receipt?.status).toBe('SUCCEEDED')
    // With where and when it was read, so a window opening later can cache it with its age.
    expect(restored.items.find((x) => x.intentId === finished)?.receiptSource).toMatchObject({ profileId: P, baseUrl: sim.url, fetchedAt: expect.any(Number) })

    sim.advance(running, { to: 'SUCCEEDED' })
    await log.until(doneOf(running), 5_000, 'the restored watch to finish')
    // Only the unfinished watch was asked about again.
    expect(recorder.requestsFor(finished)).toHaveLength(1)

    expect(second.clearFinished(P)).toBe(2)
    expect(second.list(P).items).toEqual([])
  })

  it('moves a corrupt list aside and starts empty', () => {
    const file = join(dir, 'watches.json')
    writeFileSync(file, '{"version":1,"watches":[{"intentId":')
    const errors: string[] = []
    const w = makeWatcher({ log: (m) => errors.push(m) })
    expect(w.list(P).items).toEqual([])
    expect(w.recovered).toMatchObject({ reason: 'not valid JSON', backupPath: expect.stringMatching(/watches\.json\..*\.bak$/) })
    expect(readFileSync(w.recovered!.backupPath, 'utf8')).toContain('"watches"')
    expect(errors[0]).toMatch(/could not be read/)
    // A second recovery keeps the first backup; a folder in the file's place is moved aside too.
    writeFileSync(file, '[]')
    const again = makeWatcher()
    expect(again.recovered!.backupPath).not.toBe(w.recovered!.backupPath)
    expect(readFileSync(w.recovered!.backupPath, 'utf8')).toContain('"watches"')
    mkdirSync(file)
    expect(makeWatcher().recovered).toMatchObject({ reason: 'a folder was where the file should be' })
  })

  it('keeps profiles apart and lists only the asked profile', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const w = makeWatcher()
    w.watch('a', id)
    w.watch('b', id)
    expect(w.list('a').items).toHaveLength(1)
    expect(w.unwatch('a', id)).toBe(true)
    expect(w.list('a').items).toHaveLength(0)
    expect(w.list('b').items).toHaveLength(1)
    await log.until((l) => l.of('changed', id).some((e) => e.watch.receiptSource?.profileId === 'b'))
    expect(() => w.setMuted('a', id, true)).toThrow(/not being watched/)
  })

  it('finishes 200 concurrent watches with at most the cap of long-polls open, rotating fairly', async () => {
    const ids = Array.from({ length: 200 }, () => sim.createIntent({ status: 'EXECUTING' }).intentId)
    const w = makeWatcher({ maxConcurrent: 64, saveDelayMs: 200 })
    const cpu = process.cpuUsage()
    const started = performance.now()
    for (const id of ids) w.watch(P, id)
    // Generous: each answer costs the client and the in-process simulator a few ms of CPU,
    // and a busy machine stretches that; the finishing bound below is the one that matters.
    await log.until((l) => l.of('changed').length === 200, 30_000, '200 first answers')
    const firstAnswersMs = performance.now() - started

    // Held calls time out every 300 ms and give their slot to the longest waiting: every
    // watch gets its turn again, although only 64 calls can be open at once.
    const askedTwice = () => ids.every((id) => recorder.requestsFor(id).length >= 2)
    await eventually(askedTwice, 15_000, 'every watch to be asked again')

    const advancedAt = performance.now()
    for (const id of ids) sim.advance(id, { to: 'SUCCEEDED' })
    await log.until((l) => l.of('done').length === 200, 10_000, '200 outcomes within 10 s')
    const finishMs = performance.now() - advancedAt
    const used = process.cpuUsage(cpu)

    expect(recorder.maxOpen).toBeLessThanOrEqual(64)
    expect(recorder.maxOpen).toBeGreaterThanOrEqual(32)
    expect(notices).toHaveLength(200)
    console.info(
      `200 watches, cap 64: first answers ${firstAnswersMs.toFixed(0)} ms, all done ${finishMs.toFixed(0)} ms after advancing; ` +
        `max open ${recorder.maxOpen}; CPU ${((used.user + used.system) / 1000).toFixed(0)} ms over ${(performance.now() - started).toFixed(0)} ms`,
    )
  }, 60_000)
})

describe('pausing (Work offline)', () => {
  it('asks the service nothing while paused, across a restart too, and picks up where it was on resume', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const first = makeWatcher()
    first.watch(P, id)
    await log.until((l) => l.of('changed', id).length === 1)
    expect(first.setPaused(true)).toBe(true)
    expect(first.list(P)).toMatchObject({ paused: true, items: [{ phase: 'paused' }] })
    await eventually(() => recorder.open === 0, 1_000, 'the held call to end')
    sim.advance(id, { to: 'SUCCEEDED' })
    const asked = recorder.requestsFor(id).length
    await realSleep(WAIT_MS * 2)
    await first.stop()

    const second = makeWatcher()
    expect(second.list(P)).toMatchObject({ paused: true, items: [{ phase: 'paused' }] })
    // Added while paused: parked too.
    const other = sim.createIntent({ status: 'EXECUTING' }).intentId
    expect(second.watch(P, other).phase).toBe('paused')
    await realSleep(WAIT_MS * 2)
    expect(recorder.requestsFor(id)).toHaveLength(asked)
    expect(recorder.requestsFor(other)).toHaveLength(0)
    expect(log.of('done', id)).toEqual([])

    second.setPaused(false)
    await log.until(doneOf(id), 5_000, 'the outcome after resuming')
    expect(second.list(P).paused).toBe(false)
  })
})

describe('revisions', () => {
  it('stamps every event, answer and list from one counter that only grows', async () => {
    const w = makeWatcher()
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const added = w.watch(P, id)
    await log.until((l) => l.of('changed', id).length === 1)
    sim.advance(id, { to: 'SUCCEEDED' })
    await log.until(doneOf(id))
    const muted = w.setMuted(P, id, true)

    const revisions = log.events.map((e) => (e.type === 'list:changed' ? e.revision : undefined)).filter((r) => r !== undefined)
    expect(revisions.length).toBeGreaterThan(3)
    expect(revisions).toEqual([...revisions].sort((a, b) => a - b))
    expect(new Set([...log.of('changed', id), ...log.of('done', id)].map((e) => e.watch.revision)).size).toBe(2)
    expect(added.revision).toBeLessThan(log.of('changed', id)[0].watch.revision)
    expect(muted.revision).toBeGreaterThan(log.of('done', id)[0].watch.revision)
    const list = w.list(P)
    expect(list.revision).toBeGreaterThanOrEqual(Math.max(...list.items.map((x) => x.revision)))
    w.unwatch(P, id)
    expect(w.revision()).toBeGreaterThan(muted.revision)
  })

  it('keeps growing across a restart, even with a clock that stands still', async () => {
    const frozen = { now: () => 1_000 }
    const first = makeWatcher(frozen)
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    first.watch(P, id)
    first.setMuted(P, id, true)
    const before = first.revision()
    await first.stop()

    const second = makeWatcher(frozen)
    // The resumed watch is itself a change: it is queued again.
    expect(second.list(P).items[0].revision).toBeGreaterThan(before)
    const other = sim.createIntent({ status: 'EXECUTING' }).intentId
    const resumed = second.list(P).items[0].revision
    expect(second.watch(P, other).revision).toBeGreaterThan(resumed)
    expect(second.revision()).toBeGreaterThan(resumed)
  })
})

describe('a watch whose loop fails', () => {
  it('stops with a message when the watcher itself fails, and the process goes on', async () => {
    const id = sim.createIntent({ status: 'EXECUTING' }).intentId
    const logged: string[] = []
    const w = makeWatcher({
      // Not a service failure: something in the app threw (secret-looking text included).
      session: () => {
        throw new TypeError('boom with sk_live_0123456789')
      },
      log: (m) => logged.push(m),
    })
    w.watch(P, id)
    await log.until((l) => l.of('error', id).length > 0, 5_000, 'the watch to stop')
    const [stopped] = w.list(P).items
    expect(stopped).toMatchObject({ phase: 'done', error: { kind: 'Internal' } })
    expect(stopped.error!.message).toMatch(/add the watch again/)
    expect(stopped.error!.message).not.toContain('sk_live')
    expect(logged.join('\n')).toContain('boom')
  })
})

describe('the cap on watches', () => {
  it('refuses one more watch with a message saying what to do, and takes it once there is room', async () => {
    const w = makeWatcher({ maxWatches: 2 })
    const [a, b, c] = [0, 1, 2].map(() => sim.createIntent({ status: 'EXECUTING' }).intentId)
    w.watch(P, a)
    w.watch(P, b)
    expect(() => w.watch(P, c)).toThrow(/already follows 2 intents, the most it watches at once — clear finished watches or remove some/)
    // Adding one already watched is not a new watch.
    expect(w.watch(P, a)).toMatchObject({ intentId: a })
    w.unwatch(P, b)
    expect(w.watch(P, c)).toMatchObject({ intentId: c })
    expect(w.list(P).items).toHaveLength(2)
  })
})
