import type { z } from 'zod'
import type { BridgeEvent } from '../../src-shared/contract/bridge'
import type { ListItem, MainListKind } from '../../src-shared/contract/mainList'
import type { EventHub } from '../events/hub'
import { realSleep, type Sleep } from '../service/retry'
import { DebouncedFileWriter } from '../settings/debouncedWriter'
import { readJsonFile, type Recovery } from '../settings/jsonFile'

/** What every list file holds besides its items: the revision counter when written. */
export interface ListFile {
  revision: number
}

/** What every list main owns is built with: where it is kept, whom it tells, its clock. */
export interface ListOptions {
  events: EventHub
  /** The JSON file holding the list. */
  file: string
  /** Delay that gathers bursts of changes into one write of the file. */
  saveDelayMs?: number
  /** Applied to the list before it is written (the app's key redactor). */
  redact?: <T>(value: T) => T
  now?: () => number
  sleep?: Sleep
  random?: () => number
  log?: (message: string) => void
}

export type ListEnv = Required<Pick<ListOptions, 'now' | 'sleep' | 'random' | 'log'>>

interface ListBookOptions<F extends ListFile> extends ListOptions {
  kind: MainListKind
  /** The file's schema: a file that does not fit is moved aside and the list starts empty. */
  schema: z.ZodType<F>
  /** What the file holds, for the log: "The watch list". */
  what: string
}

/**
 * The one book of a list main owns (`mainList.ts`): its file (a bad one moved aside;
 * rewritten atomically, bursts gathered), its revision counter and its one event. The
 * counter never falls behind the clock (`max(last + 1, now)`), so a run whose last write
 * never reached the disk cannot make the next hand out a number again.
 */
export abstract class ListBook<F extends ListFile> {
  /** What the file held at start (undefined: none, or it was moved aside). */
  protected readonly saved?: F
  /** Set when the file could not be read at start-up and was moved aside. */
  readonly recovered?: Recovery
  /** The clock and the log, the options' or the real ones: what the list's scheduler runs on. */
  readonly env: ListEnv
  private value: number
  private readonly writer: DebouncedFileWriter

  constructor(
    private readonly o: ListBookOptions<F>,
    /** Every revision the saved items carry: the counter starts past them all. */
    revisionsOf: (saved: F) => number[],
  ) {
    this.env = { now: o.now ?? Date.now, sleep: o.sleep ?? realSleep, random: o.random ?? Math.random, log: o.log ?? ((m: string) => console.error(m)) }
    const { log } = this.env
    const redact = o.redact ?? (<T>(value: T) => value)
    this.writer = new DebouncedFileWriter(o.file, () => JSON.stringify({ version: 1, ...redact(this.contents()) }), o.saveDelayMs ?? 200, log, o.what)
    try {
      const read = readJsonFile(o.file, o.schema)
      if (read.state === 'ok') this.saved = read.data
      else if (read.state === 'recovered') {
        this.recovered = read.recovery
        log(`${o.what} in ${o.file} could not be read and was moved to ${read.recovery.backupPath}; starting with none. (${read.recovery.reason})`)
      }
    } catch (e) {
      log(`${o.what} in ${o.file} could not be read nor moved aside; starting with none. (${String(e)})`)
    }
    this.value = this.saved ? Math.max(this.saved.revision, ...revisionsOf(this.saved)) : 0
  }

  /** The file's contents now (the list's items), before redaction. */
  protected abstract contents(): F

  /** The revision counter now: an action's answer carries it, so the window can order it against lists. */
  revision(): number {
    return this.value
  }

  /** The next revision, saved with the list. */
  next(): number {
    this.value = Math.max(this.value + 1, Math.floor(this.env.now()))
    this.save()
    return this.value
  }

  /** An item's state after a change windows hear of: the patch, at a new revision. */
  stamp<T extends ListItem>(holder: { state: T }, patch: Partial<T>): T {
    holder.state = { ...holder.state, ...patch, revision: this.next() }
    return holder.state
  }

  /** Tells every window; the list's own kind and the counter are filled in. */
  emit(change: { profileId?: string; items?: ListItem[]; list?: unknown; brief?: boolean } & Record<string, unknown>): void {
    this.o.events.emit({ type: 'list:changed', kind: this.o.kind, revision: this.value, items: [], ...change } as BridgeEvent)
    this.save()
  }

  /** Shows a desktop notice; one that cannot be shown is logged, and the list's work goes on. */
  show<N>(notify: ((notice: N) => void) | undefined, notice: N, about: string): void {
    try {
      notify?.(notice)
    } catch (e) {
      this.env.log(`Could not show a notification for ${about}: ${String(e)}`)
    }
  }

  save(): void {
    this.writer.schedule()
  }

  flush(): Promise<void> {
    return this.writer.flush()
  }
}
