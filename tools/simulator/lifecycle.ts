/**
 * Moves intents through time. Each intent with something ahead of it (a scripted
 * execution stage, a planned execution, a commit window running out) has one entry in a
 * queue keyed by when that happens. `tick()` applies every step whose time has come, at
 * that step's own time, so moving the clock far ahead replays the steps in order with
 * the timestamps they would have had. Waiters on an intent are woken after each change.
 */
import { clampDelay, startTimer } from './timer'
import { SimError } from './errors'
import type { SimClock } from './clock'
import { MinHeap } from './heap'
import { applyNextStage, beginExecution, lastStage, receiptStates, settle, stageOffsets, type MachineEnv } from './machine'
import { isSettledStatus, type IntentRecord, type IntentStatus } from './records'

interface Step {
  at: number
  idx: number
  version: number
}


const sameStates = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((v, i) => v === b[i])

export class Lifecycle {
  private readonly queue = new MinHeap<Step>()
  private readonly waiters = new Map<number, Set<() => void>>()
  private timer: NodeJS.Timeout | null = null
  /** The step the timer is armed for, and when (performance.now()) it fires. */
  private armed: { at: number; due: number } | null = null
  private readonly unsubscribeClock: () => void
  /** Set by stop(): held waits answer rather than outlive their engine. */
  private stopped = false

  constructor(
    private readonly env: MachineEnv,
    private readonly clock: SimClock,
  ) {
    for (const r of env.dataset.records) this.schedule(r)
    this.unsubscribeClock = clock.onChange(() => this.tick())
    this.tick()
  }

  /** When the record's next automatic step is due, or null if it waits for someone. */
  private nextDue(r: IntentRecord): number | null {
    if (r.held) return null
    if (r.status === 'EXECUTING' && r.stage < lastStage(r.outcome)) return r.executedAt + stageOffsets(r)[r.stage + 1]
    if (r.status === 'COMMITTED') {
      const deadline = r.committedAt + this.env.commitWindowMs
      return r.plannedExecuteAt && r.plannedExecuteAt < deadline ? r.plannedExecuteAt : deadline
    }
    return null
  }

  private schedule(r: IntentRecord): void {
    const at = this.nextDue(r)
    if (at !== null) this.queue.push({ at, idx: r.idx, version: r.version })
  }

  private step(r: IntentRecord, at: number): void {
    if (r.status === 'EXECUTING') applyNextStage(this.env, r, at)
    else if (r.status === 'COMMITTED' && r.plannedExecuteAt === at) beginExecution(this.env, r, at)
    else if (r.status === 'COMMITTED') settle(this.env, r, 'ABORTED', at)
  }

  /** Applies every step that is due by the clock, then sleeps until the next one. */
  tick(): void {
    if (this.stopped) return
    const now = this.clock.now()
    for (let next = this.queue.peek(); next && next.at <= now; next = this.queue.peek()) {
      this.queue.pop()
      const r = this.env.dataset.records[next.idx]
      if (r.version !== next.version || r.held) continue
      this.step(r, next.at)
      this.changed(r)
    }
    this.arm(now)
  }

  private arm(now: number): void {
    const next = this.queue.peek()
    const at = next && !this.clock.frozen ? next.at : null
    const delay = at === null ? 0 : clampDelay(at - now)
    const due = performance.now() + delay
    // Every request ticks. Re-arming a timer that would fire at the same moment anyway
    // was most of a tick's cost; a moved clock moves `due` and does re-arm.
    if (this.timer && at === this.armed?.at && Math.abs(due - this.armed.due) < 2) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.armed = null
    if (at === null) return
    this.armed = { at, due }
    this.timer = startTimer(() => {
      this.timer = null
      this.tick()
    }, delay)
    this.timer.unref()
  }

  /** Call after any change to a record: reschedules it and wakes its waiters. */
  changed(r: IntentRecord): void {
    this.schedule(r)
    const set = this.waiters.get(r.idx)
    if (set) for (const wake of [...set]) wake()
    this.arm(this.clock.now())
  }

  commit(r: IntentRecord): void {
    settle(this.env, r, 'COMMITTED', this.clock.now())
    this.changed(r)
  }

  /** AbortIntent: a quoted or committed intent is called off before it runs. */
  abort(r: IntentRecord): void {
    settle(this.env, r, 'ABORTED', this.clock.now(), 'aborted by the owner')
    this.changed(r)
  }

  execute(r: IntentRecord, depositTxHash: string | null): void {
    if (depositTxHash) {
      r.txHashes.deposit = depositTxHash.toLowerCase()
      this.env.dataset.indexTxHash(r, r.txHashes.deposit)
    }
    beginExecution(this.env, r, this.clock.now())
    this.changed(r)
  }

  /**
   * Test control: jump to `to`, or without it take the next step the intent would take
   * by itself. Unless `auto` is set the intent then stays put until moved again.
   */
  advance(r: IntentRecord, to: IntentStatus | null, reason: string | null, auto: boolean): void {
    const now = this.clock.now()
    if (to) settle(this.env, r, to, now, reason)
    else if (r.status === 'QUOTED') settle(this.env, r, 'COMMITTED', now)
    else if (r.status === 'COMMITTED') beginExecution(this.env, r, now)
    else if (!(r.status === 'EXECUTING' && applyNextStage(this.env, r, now, reason)))
      throw new SimError('IntentStatus', `intent ${r.intentId} is ${r.status} and has no further step`)
    r.held = !auto
    this.changed(r)
  }

  /**
   * Resolves once the intent's receipt states differ from `last`, it is final, the
   * timeout passes or `signal` aborts, whichever comes first.
   */
  waitForChange(
    r: IntentRecord,
    last: readonly unknown[] | null,
    timeoutMs: number,
    signal: AbortSignal,
    statesOf: (r: IntentRecord) => readonly unknown[] = receiptStates,
  ): Promise<void> {
    const settled = () => this.stopped || isSettledStatus(r.status) || last === null || !sameStates(statesOf(r), last)
    if (settled() || signal.aborted) return Promise.resolve()
    return new Promise((resolve) => {
      let set = this.waiters.get(r.idx)
      if (!set) this.waiters.set(r.idx, (set = new Set()))
      const waiters = set
      const finish = () => {
        clearTimeout(timer)
        signal.removeEventListener('abort', finish)
        waiters.delete(check)
        if (waiters.size === 0) this.waiters.delete(r.idx)
        resolve()
      }
      const check = () => settled() && finish()
      const timer = startTimer(finish, timeoutMs)
      signal.addEventListener('abort', finish)
      waiters.add(check)
    })
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.armed = null
    this.unsubscribeClock()
    this.queue.clear()
    // Wakes every held wait (settled() is now true for all). Not a listener per wait on
    // one shared signal: adding to a signal with hundreds of listeners walks them all.
    for (const set of [...this.waiters.values()]) for (const wake of [...set]) wake()
  }
}
