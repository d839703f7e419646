/**
 * Moves intents through time. Each intent with something ahead of it (a scripted
 * execution stage, a planned execution, a commit window running out) has one entry in a
 * queue keyed by when that happens. `tick()` applies every step whose time has come, at
 * that step's own time, so moving the clock far ahead replays the steps in order with
 * the timestamps they would have had. Waiters on an intent are woken after each change.
 */
import { setMaxListeners } from 'node:events'
import { SimError } from './errors'
import type { SimClock } from './clock'
import { MinHeap } from './heap'
import { applyNextStage, beginExecution, lastStage, receiptStates, settle, stageOffsets, type MachineEnv } from './machine'
import { FINAL_STATUSES, type IntentRecord, type IntentStatus } from './records'

interface Step {
  at: number
  idx: number
  version: number
}

const MAX_TIMER_MS = 2 ** 31 - 1

const sameStates = (a: readonly unknown[], b: readonly unknown[]): boolean => a.length === b.length && a.every((v, i) => v === b[i])

export class Lifecycle {
  private readonly queue = new MinHeap<Step>()
  private readonly waiters = new Map<number, Set<() => void>>()
  private timer: NodeJS.Timeout | null = null
  private readonly unsubscribeClock: () => void
  /** Aborted by stop(): held waits answer rather than outlive their engine. */
  private readonly stopping = new AbortController()

  constructor(
    private readonly env: MachineEnv,
    private readonly clock: SimClock,
  ) {
    for (const r of env.dataset.records) this.schedule(r)
    this.unsubscribeClock = clock.onChange(() => this.tick())
    // Every held WaitIntentReceipt listens on it: hundreds at once is normal, not a leak.
    setMaxListeners(0, this.stopping.signal)
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
    if (this.stopping.signal.aborted) return
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
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const next = this.queue.peek()
    if (!next || this.clock.frozen) return
    this.timer = setTimeout(() => this.tick(), Math.min(MAX_TIMER_MS, Math.max(0, next.at - now)))
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
  waitForChange(r: IntentRecord, last: readonly unknown[] | null, timeoutMs: number, requestSignal: AbortSignal): Promise<void> {
    const settled = () => FINAL_STATUSES.has(r.status) || last === null || !sameStates(receiptStates(r), last)
    // Two listeners rather than AbortSignal.any, which costs a signal and a weak reference per held call.
    const signals = [requestSignal, this.stopping.signal]
    if (settled() || signals.some((s) => s.aborted)) return Promise.resolve()
    return new Promise((resolve) => {
      let set = this.waiters.get(r.idx)
      if (!set) this.waiters.set(r.idx, (set = new Set()))
      const waiters = set
      const finish = () => {
        clearTimeout(timer)
        for (const s of signals) s.removeEventListener('abort', finish)
        waiters.delete(check)
        if (waiters.size === 0) this.waiters.delete(r.idx)
        resolve()
      }
      const check = () => settled() && finish()
      const timer = setTimeout(finish, timeoutMs)
      for (const s of signals) s.addEventListener('abort', finish)
      waiters.add(check)
    })
  }

  stop(): void {
    this.stopping.abort()
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.unsubscribeClock()
    this.queue.clear()
  }
}
