import { messageOf } from '@contract/errors'
import { reportUnindexed, reportWriteError } from './activity'
import { explorerDb } from './db'
import { isReply, type CacheEvent, type CacheReply, type CacheRequest, type FromWorker, type PostedRequest } from './workerProtocol'

/**
 * The page's side of the cache worker: staging, filing and write-through of intent objects
 * run there, off the window's thread (`cacheWorker.ts`), and the page posts what it fetched.
 * Where no worker can run (tests under Node, a worker that failed to load) `cacheWorker()`
 * is undefined and the same work runs in the page, as `inWorkerOr` arranges.
 */

/** A worker that could not start or died: the work it was given runs in the page instead. */
export class WorkerUnavailable extends Error {
  constructor(reason: string) {
    super(`the cache worker is unavailable: ${reason}`)
    this.name = 'WorkerUnavailable'
  }
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void }
type FiledListener = (profileId: string, fetchedAt: number, intentIds: readonly string[]) => void

/** The error a worker reported, with the chain of names `storageErrorMessage` reads. */
function errorOf(reply: Extract<CacheReply, { ok: false }>): Error {
  let error: Error | undefined
  for (const name of [...reply.names].reverse()) error = Object.assign(new Error(reply.message), { name, inner: error })
  return error ?? new Error(reply.message)
}

export class CacheWorkerClient {
  private next = 0
  private readonly pending = new Map<number, Pending>()
  private readonly filed = new Set<FiledListener>()
  private dead: WorkerUnavailable | undefined

  constructor(private readonly worker: Pick<Worker, 'postMessage' | 'addEventListener' | 'terminate'>) {
    worker.addEventListener('message', (e) => this.receive((e as MessageEvent<FromWorker>).data))
    worker.addEventListener('error', (e) => this.fail((e as ErrorEvent).message || 'it failed to load'))
  }

  get alive(): boolean {
    return !this.dead
  }

  /** Posts `request`; settles with its id and the value the worker answered (a read's). Rejects with `WorkerUnavailable` when the worker is gone. */
  ask(request: CacheRequest): Promise<{ id: number; value: unknown }> {
    if (this.dead) return Promise.reject(this.dead)
    const id = ++this.next
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: (value) => resolve({ id, value }), reject })
      try {
        this.worker.postMessage({ ...request, id, db: explorerDb().name } satisfies PostedRequest)
      } catch (error) {
        // Something that cannot be cloned: the page keeps the work.
        this.pending.delete(id)
        reject(new WorkerUnavailable(messageOf(error)))
      }
    })
  }

  /** Calls `listener` for every batch of staged entries the worker has filed. */
  onFiled(listener: FiledListener): void {
    this.filed.add(listener)
  }

  receive(message: FromWorker): void {
    if (!isReply(message)) return this.event(message)
    const pending = this.pending.get(message.id)
    this.pending.delete(message.id)
    if (message.ok) pending?.resolve(message.value)
    else pending?.reject(errorOf(message))
  }

  private event(message: CacheEvent): void {
    if (message.event === 'filed') for (const listener of this.filed) listener(message.profileId, message.fetchedAt, message.intentIds)
    else if (message.activity.kind === 'unindexed') reportUnindexed(message.activity.count)
    else reportWriteError(message.activity.store, message.activity.message)
  }

  /** The worker is gone: what waits on it is handed back to the page. */
  fail(reason: string): void {
    this.dead ??= new WorkerUnavailable(reason)
    for (const { reject } of this.pending.values()) reject(this.dead)
    this.pending.clear()
    this.worker.terminate()
  }
}

let client: CacheWorkerClient | undefined
let tried = false

/** The window's worker: Vite bundles `cacheWorker.ts` as its own chunk. None outside a window (in the worker itself, under Node). */
const windowWorker = (): Worker | undefined =>
  typeof window !== 'undefined' && typeof Worker === 'function' ? new Worker(new URL('./cacheWorker.ts', import.meta.url), { type: 'module', name: 'cache' }) : undefined

let makeWorker: () => Worker | undefined = windowWorker

/** The cache worker of this window, started on first use; undefined where none runs or it failed. */
export function cacheWorker(): CacheWorkerClient | undefined {
  if (!tried) {
    tried = true
    try {
      const worker = makeWorker()
      if (worker) client = new CacheWorkerClient(worker)
    } catch (error) {
      console.warn('the cache worker could not start; the cache works in the page', error)
    }
  }
  return client?.alive ? client : undefined
}

/** Tests: the worker the cache uses from now on (a fake), or the window's own again. */
export function setCacheWorker(worker: (() => Worker | undefined) | undefined): void {
  client = undefined
  tried = false
  makeWorker = worker ?? windowWorker
}

/** What `inWorkerOr` gives back when no worker took the request. */
const NO_WORKER = Symbol('no worker')

/**
 * Posts `request` to the worker and waits for its answer: true once it is done there,
 * false when there is no worker (or it is gone), so the caller does the work itself. A
 * failure the worker reports (storage full) rejects, as it would in the page.
 */
export const viaWorker = async (request: CacheRequest): Promise<boolean> => (await inWorkerOr<unknown>(request, async () => NO_WORKER)) !== NO_WORKER

/** Runs `request` in the worker and gives its answer, or `here`'s in the page when there is none. */
export async function inWorkerOr<T>(request: CacheRequest, here: () => Promise<T>): Promise<T> {
  const worker = cacheWorker()
  if (worker) {
    try {
      return (await worker.ask(request)).value as T
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error
      console.warn(error.message)
    }
  }
  return here()
}
