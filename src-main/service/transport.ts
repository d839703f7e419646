import { networkErrorCode } from './errors'
import pkg from '../../package.json'
import { startTimer } from './timer'

/**
 * The `Webrpc` header the service's published generated clients send
 * (`webrpc@<version>;<generator>@<version>;<schema>@<version>`), here naming this client
 * and its version in the generator's place, so the service's logs can tell its callers apart.
 */
export const WEBRPC_HEADER = 'Webrpc'
export const WEBRPC_HEADER_VALUE = `webrpc@v0.25.3;intent-explorer@v${pkg.version};intent-service@spec`

/** One POST of a JSON body, with its own deadline and the caller's cancellation. */
export interface PostRequest {
  url: string
  body: string
  accessKey: string | undefined
  timeoutMs: number
  signal?: AbortSignal
  /** Bytes of the answer, compressed and expanded, past which it is refused. */
  maxAnswerBytes?: number
}

/**
 * The largest answer the app reads, counted both as sent (compressed) and as expanded:
 * forty times the largest page the service is known to send (a 450 KB history page).
 * Past it the connection is dropped and the call fails, so no answer can hold more
 * memory than this, whatever its Content-Length says or its compression hides.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024

/** An answer whose body passed the limit; `encoded` tells the bytes sent from the bytes they expanded to. */
export class AnswerTooLargeError extends Error {
  constructor(
    readonly limitBytes: number,
    readonly encoded: boolean,
  ) {
    super(`the answer is larger than the ${formatBytes(limitBytes)} limit`)
    this.name = 'AnswerTooLargeError'
  }
}

/** 16777216 → "16 MiB"; the limits are whole MiB or KiB, so the figure stays exact. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`
  return `${n} bytes`
}

/** What happened, without interpretation: the client turns each case into a typed error. */
export type PostOutcome =
  | { kind: 'answer'; status: number; headers: HeaderReader; text: string }
  | { kind: 'tooLarge'; limitBytes: number; encoded: boolean }
  | { kind: 'timeout' }
  | { kind: 'aborted' }
  | { kind: 'network'; code: string | undefined; duringBody: boolean }

/** The answer's headers, by case-insensitive name; fetch's `Headers` is one. */
export interface HeaderReader {
  get(name: string): string | null
}

/** What the client reads of an answer; a fetch `Response` is one. */
export interface FetchAnswer {
  status: number
  headers: HeaderReader
  /** The whole body; rejects if the connection drops before it is complete. */
  text(): Promise<string>
}

/** What the client hands its fetch; the global fetch takes it as it is. */
export interface FetchRequest {
  method: 'POST'
  headers: Record<string, string>
  body: string
  signal: AbortSignal
  /** The default transport refuses a body past this many bytes; other fetches may ignore it. */
  maxAnswerBytes?: number
}

export type FetchLike = (input: string, init: FetchRequest) => Promise<FetchAnswer>

/**
 * The deadline covers the whole exchange, headers and body, because a long-poll or a
 * stalled proxy can hold either. Cancellation by the caller and by the deadline are told
 * apart so that only the latter is reported as a time-out.
 */
export async function postJson(fetchImpl: FetchLike, req: PostRequest): Promise<PostOutcome> {
  if (req.signal?.aborted) return { kind: 'aborted' }
  const controller = new AbortController()
  let timedOut = false
  const timer = startTimer(() => {
    timedOut = true
    controller.abort()
  }, req.timeoutMs)
  const onAbort = () => controller.abort()
  req.signal?.addEventListener('abort', onAbort, { once: true })

  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', [WEBRPC_HEADER]: WEBRPC_HEADER_VALUE }
  if (req.accessKey) headers['X-Access-Key'] = req.accessKey

  const interrupted = (): PostOutcome | undefined =>
    req.signal?.aborted ? { kind: 'aborted' } : timedOut ? { kind: 'timeout' } : undefined

  try {
    let response: FetchAnswer
    try {
      response = await fetchImpl(req.url, { method: 'POST', headers, body: req.body, signal: controller.signal, maxAnswerBytes: req.maxAnswerBytes })
    } catch (e) {
      return interrupted() ?? { kind: 'network', code: networkErrorCode(e), duringBody: false }
    }
    try {
      const text = await response.text()
      return { kind: 'answer', status: response.status, headers: response.headers, text }
    } catch (e) {
      if (e instanceof AnswerTooLargeError) return { kind: 'tooLarge', limitBytes: e.limitBytes, encoded: e.encoded }
      return interrupted() ?? { kind: 'network', code: networkErrorCode(e), duringBody: true }
    }
  } finally {
    clearTimeout(timer)
    req.signal?.removeEventListener('abort', onAbort)
  }
}
