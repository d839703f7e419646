/**
 * Decoding the browser host's answers. A wallet search answers up to 500 full intents
 * (about 4 MB of JSON) and a page of "load all" 500 history entries: parsed on the window's
 * thread, with what the caller does with it in the same task, that was one task of 50–100
 * ms. An answer over `OFF_THREAD_BYTES` is parsed in a worker (`bridgeDecode.worker.ts`)
 * instead, which hands it back in messages of at most `SLICE` items of each long list, so
 * the window takes it in several short tasks. Where no worker runs (unit tests, a worker
 * that failed to load) the window parses it itself.
 */
import { messageOf } from '@contract/errors'

/** Answers smaller than this are parsed at once: a worker's round trip would cost more than it saves. */
export const OFF_THREAD_BYTES = 256 * 1024
/** Items of a long list per message back from the worker (50 intents are about 400 KB). */
export const SLICE = 50

/** What the worker posts for a request: the answer with its long lists emptied, a slice of one of them, the end, or a failure. */
export type DecodeMessage =
  | { id: number; kind: 'skeleton'; value: unknown; lists: string[][] }
  | { id: number; kind: 'slice'; list: number; items: unknown[] }
  | { id: number; kind: 'done' }
  | { id: number; kind: 'failed'; message: string }

/** Lists found within this many levels of the answer are sent in slices (a Result's `value.data.intents` is three down). */
const MAX_DEPTH = 4

/**
 * Splits `value` (parsed JSON) for posting: each array longer than `SLICE` within
 * `MAX_DEPTH` levels is emptied in place and returned with its path, to go in slices.
 */
export function detachLists(value: unknown): { lists: string[][]; items: unknown[][] } {
  const lists: string[][] = []
  const items: unknown[][] = []
  const walk = (node: unknown, path: string[]) => {
    if (path.length > MAX_DEPTH || node === null || typeof node !== 'object') return
    for (const [key, child] of Object.entries(node)) {
      if (Array.isArray(child) && child.length > SLICE) {
        lists.push([...path, key])
        items.push(child)
        ;(node as Record<string, unknown>)[key] = []
      } else if (!Array.isArray(child)) walk(child, [...path, key])
    }
  }
  walk(value, [])
  return { lists, items }
}

/** The array at `path` in `value` (an emptied list of the skeleton). */
const listAt = (value: unknown, path: readonly string[]): unknown[] => path.reduce((node, key) => (node as Record<string, unknown>)[key], value) as unknown[]

/** Puts an answer back together from the worker's messages, one message at a time. */
export class AnswerAssembly {
  private value: unknown
  private lists: unknown[][] = []

  /** Takes one message; the whole answer once it is complete, else undefined. Throws what a failed decode reported. */
  take(m: DecodeMessage): { value: unknown } | undefined {
    switch (m.kind) {
      case 'skeleton':
        this.value = m.value
        this.lists = m.lists.map((path) => listAt(m.value, path))
        return undefined
      case 'slice':
        for (const item of m.items) this.lists[m.list].push(item)
        return undefined
      case 'done':
        return { value: this.value }
      case 'failed':
        throw new SyntaxError(m.message)
    }
  }
}

type Pending = { assembly: AnswerAssembly; resolve(value: unknown): void; reject(error: Error): void }

/** The window's decode worker and the answers it is decoding. */
class Decoder {
  private next = 0
  private readonly pending = new Map<number, Pending>()
  dead = false

  constructor(private readonly worker: Worker) {
    worker.addEventListener('message', (e: MessageEvent<DecodeMessage>) => this.receive(e.data))
    worker.addEventListener('error', () => this.fail())
  }

  decode(bytes: ArrayBuffer): Promise<unknown> {
    const id = ++this.next
    return new Promise((resolve, reject) => {
      this.pending.set(id, { assembly: new AnswerAssembly(), resolve, reject })
      this.worker.postMessage({ id, bytes }, [bytes])
    })
  }

  private receive(m: DecodeMessage): void {
    const p = this.pending.get(m.id)
    if (!p) return
    try {
      const whole = p.assembly.take(m)
      if (!whole) return
      this.pending.delete(m.id)
      p.resolve(whole.value)
    } catch (error) {
      this.pending.delete(m.id)
      p.reject(error as Error)
    }
  }

  private fail(): void {
    this.dead = true
    for (const p of this.pending.values()) p.reject(new Error('the decode worker stopped'))
    this.pending.clear()
    this.worker.terminate()
  }
}

/** Splits the JSON `bytes` of request `id` into the messages the window takes one at a time (the worker's side). */
export function splitAnswer(id: number, bytes: ArrayBuffer): DecodeMessage[] {
  let value: unknown
  try {
    value = parse(bytes)
  } catch (error) {
    return [{ id, kind: 'failed', message: messageOf(error) }]
  }
  const { lists, items } = detachLists(value)
  const out: DecodeMessage[] = [{ id, kind: 'skeleton', value, lists }]
  items.forEach((all, list) => {
    for (let at = 0; at < all.length; at += SLICE) out.push({ id, kind: 'slice', list, items: all.slice(at, at + SLICE) })
  })
  out.push({ id, kind: 'done' })
  return out
}

const parse = (bytes: ArrayBuffer): unknown => JSON.parse(new TextDecoder().decode(bytes))

/**
 * The body of answers as parsed JSON, with `makeWorker` (started on first use) for a large
 * one; a small one, or any when no worker runs, is parsed here. A body that is not JSON
 * rejects, as `Response.json()` does.
 */
export function answerDecoder(makeWorker: () => Worker | undefined): (res: Response) => Promise<unknown> {
  let decoder: Decoder | undefined
  let tried = false
  const worker = () => {
    if (!tried) {
      tried = true
      try {
        const w = typeof Worker === 'function' ? makeWorker() : undefined
        if (w) decoder = new Decoder(w)
      } catch (error) {
        console.warn('the decode worker could not start; answers are parsed in the page', error)
      }
    }
    return decoder?.dead ? undefined : decoder
  }
  return async (res) => {
    const bytes = await res.arrayBuffer()
    const decoding = bytes.byteLength >= OFF_THREAD_BYTES ? worker() : undefined
    return decoding ? decoding.decode(bytes) : parse(bytes)
  }
}
