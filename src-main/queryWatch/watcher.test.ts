import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { QueryWatchControl, QueryWatchState } from '../../src-shared/contract/queryWatch'
import { EventHub } from '../events/hub'
import type { BridgeEvent } from '../../src-shared/contract/bridge'
import type { QueryNotice } from './watcher'
import { FakeClock, FakeHistory, settle } from './testing'
import { PAUSE_CHECK_MS } from '../watch/schedule'
import { QueryWatcher, type QueryWatcherOptions } from './watcher'

const P = 'sim'
const MIN = 60_000
const id = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

let dir: string
let clock: FakeClock
let service: FakeHistory
let events: BridgeEvent[]
let notices: QueryNotice[]
let watchers: QueryWatchControl[]

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'query-watch-'))
  clock = new FakeClock()
  service = new FakeHistory()
  events = []
  notices = []
  watchers = []
  for (let n = 1; n <= 5; n++) service.add(id(n), 'SUCCEEDED')
})

afterEach(async () => {
  await Promise.all(watchers.map((w) => w.stop()))
  rmSync(dir, { recursive: true, force: true })
})

function start(extra: Partial<QueryWatcherOptions> = {}): QueryWatchControl {
  const hub = new EventHub()
  hub.on((e) => events.push(e))
  const w = new QueryWatcher({
    history: service.read,
    events: hub,
    file: join(dir, 'watched-queries.json'),
    notify: (n) => notices.push(n),
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0,
    saveDelayMs: 0,
    log: () => {},
    ...extra,
  })
  watchers.push(w)
  return w
}

const stateOf = (w: QueryWatchControl, queryId: string): QueryWatchState => {
  const q = w.list(P).items.find((x) => x.id === queryId)
  if (!q) throw new Error(`no query ${queryId}`)
  return q
}

async function addFailedOnProject(w: QueryWatchControl): Promise<QueryWatchState> {
  const q = w.add(P, { name: 'project 42', query: { byProjectId: 42 }, intervalMs: MIN })
  await clock.advance(0)
  return q
}

describe('query watcher', () => {
  it('takes the first poll as the starting point, then reports new intents and status changes', async () => {
    const w = start()
    const q = await addFailedOnProject(w)
    let s = stateOf(w, q.id)
    expect(s).toMatchObject({ phase: 'waiting', baselined: true, findings: [], seenCount: 5, lastCount: 5, nextPollAt: clock.now() + MIN })
    // The poll asks newest first, without balances, with the saved filter.
    expect(service.requests[0]).toMatchObject({ byProjectId: 42, page: { column: 'createdAt', sort: [{ column: 'createdAt', order: 'DESC' }] } })

    service.add(id(6), 'EXECUTING')
    service.setStatus(id(2), 'REFUNDED')
    await clock.advance(MIN - 1)
    expect(service.requests).toHaveLength(1)
    await clock.advance(1)
    s = stateOf(w, q.id)
    expect(s.findings.map((f) => [f.kind, f.intentId, f.previousStatus, f.status])).toEqual([
      ['new', id(6), undefined, 'EXECUTING'],
      ['status', id(2), 'SUCCEEDED', 'REFUNDED'],
    ])
    expect(s.unread).toBe(2)
    const changed = events.filter((e) => e.type === 'list:changed' && e.kind === 'queryWatches' && e.fresh?.length)
    expect(changed).toMatchObject([{ notify: true }])
    expect(notices).toEqual([{ profileId: P, queryId: q.id, title: 'project 42: 1 new, 1 status change', body: expect.stringContaining('SUCCEEDED → REFUNDED') }])

    // The same state again is not news; a further move is.
    await clock.advance(MIN)
    expect(stateOf(w, q.id).findings).toHaveLength(2)
    service.setStatus(id(6), 'SUCCEEDED')
    await clock.advance(MIN)
    expect(stateOf(w, q.id).findings[0]).toMatchObject({ kind: 'status', intentId: id(6), previousStatus: 'EXECUTING', status: 'SUCCEEDED' })
    expect(w.markSeen(P, q.id)).toMatchObject({ unread: 0 })
    expect(stateOf(w, q.id).findings.every((f) => !f.unread)).toBe(true)
  })

  it('reports an intent that no longer matches the filter, once', async () => {
    const w = start()
    service.setStatus(id(3), 'EXECUTING')
    service.setStatus(id(4), 'EXECUTING')
    const q = w.add(P, { name: 'executing', query: { byStatuses: ['EXECUTING'] }, intervalMs: MIN })
    await clock.advance(0)
    expect(stateOf(w, q.id)).toMatchObject({ lastCount: 2, findings: [] })

    service.setStatus(id(3), 'SUCCEEDED')
    await clock.advance(MIN)
    expect(stateOf(w, q.id).findings).toMatchObject([{ kind: 'left', intentId: id(3), previousStatus: 'EXECUTING', unread: true }])
    expect(notices.map((n) => n.title)).toEqual(['executing: 1 no longer matching'])
    expect(notices[0].body).toContain('no longer matches (was EXECUTING)')

    await clock.advance(MIN)
    expect(stateOf(w, q.id).findings).toHaveLength(1)
  })

  it('reads a file written before intents that stop matching were told apart', async () => {
    const first = start()
    const q = await addFailedOnProject(first)
    await first.stop()
    const file = join(dir, 'watched-queries.json')
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { queries: Array<{ seen: Array<[string, { status: string }]> }> }
    for (const stored of saved.queries) stored.seen = stored.seen.map(([intentId, s]) => [intentId, s.status as never])
    writeFileSync(file, JSON.stringify(saved))

    const second = start()
    expect(second.recovered).toBeUndefined()
    expect(stateOf(second, q.id).seenCount).toBe(5)
    service.add(id(6), 'FAILED')
    await clock.advance(MIN)
    // Nothing seen before is news again; only the new intent is.
    expect(stateOf(second, q.id).findings.map((f) => [f.kind, f.intentId])).toEqual([['new', id(6)]])
  })

  it('waits out a 429’s Retry-After (never sooner than the interval), then polls again', async () => {
    const w = start()
    const q = await addFailedOnProject(w)
    service.failNext({ kind: 'RateLimited', message: 'slow down', retryAfterMs: 5 * MIN })
    await clock.advance(MIN)
    const s = stateOf(w, q.id)
    expect(s.phase).toBe('retrying')
    expect(s.error?.kind).toBe('RateLimited')
    expect(s.nextPollAt).toBe(clock.now() + 5 * MIN)
    // "Poll now" does not jump a rate limit.
    w.pollNow(P, q.id)
    await clock.advance(5 * MIN - 1)
    expect(service.requests).toHaveLength(2)
    await clock.advance(1)
    expect(service.requests).toHaveLength(3)
    expect(stateOf(w, q.id)).toMatchObject({ phase: 'waiting', error: undefined })
  })

  it('backs off from the interval on outages, and stops on a failure another try cannot cure', async () => {
    const w = start()
    const q = await addFailedOnProject(w)
    service.failNext({ kind: 'Unavailable', message: 'down' }, { kind: 'Unavailable', message: 'down' })
    await clock.advance(MIN)
    expect(stateOf(w, q.id).nextPollAt).toBe(clock.now() + MIN) // random 0: half of twice the interval
    await clock.advance(MIN)
    expect(stateOf(w, q.id).nextPollAt).toBe(clock.now() + 2 * MIN)
    service.failNext({ kind: 'Unauthorized', message: 'key refused' })
    await clock.advance(2 * MIN)
    expect(stateOf(w, q.id)).toMatchObject({ phase: 'stopped', error: { kind: 'Unauthorized' }, nextPollAt: undefined })
    const asked = service.requests.length
    await clock.advance(10 * MIN)
    expect(service.requests).toHaveLength(asked)
    // A new key for the profile starts it again.
    expect(w.resumeStopped(P)).toBe(1)
    await clock.advance(0)
    expect(stateOf(w, q.id)).toMatchObject({ phase: 'waiting', error: undefined })
    expect(service.requests).toHaveLength(asked + 1)
  })

  it('bounds the number of queries and the poll rate, and recognises a filter saved twice', async () => {
    const w = start({ maxQueries: 2 })
    expect(() => w.add(P, { name: 'fast', query: { byProjectId: 1 }, intervalMs: 29_999 })).toThrow(/at most every 30 s/)
    const a = w.add(P, { name: 'a', query: { byProjectId: 1, byStatuses: ['FAILED'] } })
    expect(a.intervalMs).toBe(60_000)
    expect(w.add(P, { name: 'again', query: { byStatuses: ['FAILED'], byProjectId: 1 } }).id).toBe(a.id)
    w.add('other', { name: 'b', query: { byProjectId: 2 }, intervalMs: MIN })
    expect(() => w.add(P, { name: 'c', query: { byProjectId: 3 } })).toThrow(/already watches 2 filters/)
    expect(w.list(P)).toMatchObject({ count: 2, max: 2, minIntervalMs: 30_000 })
    expect(w.list(P).items.map((q) => q.name)).toEqual(['a'])
    // A removed profile's queries go with it, and free their places.
    expect(w.forgetProfile('other')).toBe(1)
    expect(w.add(P, { name: 'c', query: { byProjectId: 3 } }).name).toBe('c')
  })

  it('pauses without polling, resumes, and spaces "poll now" from the last poll', async () => {
    const w = start({ manualGapMs: 5_000 })
    const q = await addFailedOnProject(w)
    w.setPaused(P, q.id, true)
    await clock.advance(10 * MIN)
    expect(service.requests).toHaveLength(1)
    expect(() => w.pollNow(P, q.id)).toThrow(/paused/)
    w.setPaused(P, q.id, false)
    await clock.advance(0)
    expect(service.requests).toHaveLength(2)
    w.pollNow(P, q.id)
    await clock.advance(4_999)
    expect(service.requests).toHaveLength(2)
    await clock.advance(1)
    expect(service.requests).toHaveLength(3)
    expect(w.remove(P, q.id)).toBe(true)
    await clock.advance(10 * MIN)
    expect(service.requests).toHaveLength(3)
  })

  it('survives a restart: queries, findings and seen intents come back from an owner-only file', async () => {
    const first = start()
    const q = await addFailedOnProject(first)
    service.add(id(6), 'FAILED')
    await clock.advance(MIN)
    await first.stop()
    const file = join(dir, 'watched-queries.json')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)

    service.add(id(7), 'QUOTED')
    const second = start()
    await settle()
    expect(second.list(P).items).toHaveLength(1)
    expect(stateOf(second, q.id).findings.map((f) => f.intentId)).toEqual([id(6)])
    // Due an interval after the last poll: nothing asked before then.
    const asked = service.requests.length
    await clock.advance(MIN - 1)
    expect(service.requests).toHaveLength(asked)
    await clock.advance(1)
    // Only what is new since the last poll before the restart is reported.
    expect(stateOf(second, q.id).findings.map((f) => f.intentId)).toEqual([id(7), id(6)])
  })

  it('stamps every change from one counter that keeps growing across restarts, and reads the older per-query `rev`', async () => {
    const first = start()
    const a = await addFailedOnProject(first)
    const b = first.add(P, { name: 'owner', query: { byProjectId: 43 }, intervalMs: MIN })
    expect(b.revision).toBeGreaterThan(a.revision)
    const listed = first.list(P)
    expect(listed).toMatchObject({ kind: 'queryWatches', revision: first.revision() })
    expect(listed.revision).toBeGreaterThanOrEqual(Math.max(...listed.items.map((q) => q.revision)))
    expect(first.remove(P, b.id)).toBe(true)
    // The removal took a number of its own: a list read before it is older.
    expect(first.revision()).toBeGreaterThan(listed.revision)
    const before = first.revision()
    await first.stop()
    const second = start()
    expect(second.revision()).toBeGreaterThanOrEqual(before)
    expect(second.markSeen(P, a.id).revision).toBeGreaterThanOrEqual(stateOf(second, a.id).revision)
    await second.stop()

    const file = join(dir, 'watched-queries.json')
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { revision?: number; queries: Array<{ state: Record<string, unknown> }> }
    delete saved.revision
    saved.queries[0].state.rev = 7
    delete saved.queries[0].state.revision
    writeFileSync(file, JSON.stringify(saved))
    const third = start()
    expect(third.recovered).toBeUndefined()
    expect(third.list(P).items.map((q) => [q.id, q.revision >= 7])).toEqual([[a.id, true]])
    expect(third.list(P).items[0]).not.toHaveProperty('rev')
  })

  it('asks the service nothing while the app works offline, and polls within seconds once it is back', async () => {
    let offline = false
    const w = start({ offline: () => offline })
    const q = await addFailedOnProject(w)
    const asked = service.requests.length
    offline = true
    service.add(id(6), 'FAILED')
    await clock.advance(10 * MIN)
    // "Poll now" is held too.
    w.pollNow(P, q.id)
    await clock.advance(MIN)
    expect(service.requests).toHaveLength(asked)
    offline = false
    await clock.advance(PAUSE_CHECK_MS)
    expect(service.requests.length).toBeGreaterThan(asked)
    expect(stateOf(w, q.id).findings.map((f) => f.intentId)).toEqual([id(6)])
  })

  it('moves an unreadable file aside and starts with none', async () => {
    const file = join(dir, 'watched-queries.json')
    writeFileSync(file, '{"version":1,"queries":[{"state":{}}]}')
    const w = start()
    expect(w.recovered?.backupPath).toMatch(/watched-queries\.json\..*\.bak$/)
    expect(readFileSync(w.recovered!.backupPath, 'utf8')).toContain('"queries"')
    expect(w.list(P).items).toEqual([])
  })

  it('stays quiet while notifications are muted', async () => {
    const w = start({ notificationsMuted: () => true })
    const q = await addFailedOnProject(w)
    service.add(id(6), 'FAILED')
    await clock.advance(MIN)
    expect(stateOf(w, q.id).findings).toHaveLength(1)
    expect(notices).toEqual([])
    // The page in the browser host reads the same decision from the event.
    expect(events.filter((e) => e.type === 'list:changed' && e.kind === 'queryWatches' && e.fresh?.length).map((e) => 'notify' in e && e.notify)).toEqual([false])
  })
})
