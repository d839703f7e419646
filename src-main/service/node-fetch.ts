import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { FetchAnswer, FetchLike, HeaderReader } from './transport'

/**
 * The client's default transport: Node's own http/https with kept-alive connections,
 * answering with just what the client reads (status, headers, the body as text). A
 * couple of hundred watches each long-poll every few seconds, so the per-call cost of
 * the global fetch (web streams, a Response per answer) is most of what the main
 * process does while nothing changes.
 *
 * The answer is handed over when its headers arrive; its `text()` rejects if the
 * connection drops before the body is complete, or on the signal. Redirects are not
 * followed: a service that redirects an RPC POST is misconfigured, and the client
 * reports the status and where it pointed.
 */

const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) }

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The operation was aborted.', 'AbortError')
}

function decoded(res: IncomingMessage): Readable {
  switch (res.headers['content-encoding']?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip())
    case 'deflate':
      return res.pipe(createInflate())
    case 'br':
      return res.pipe(createBrotliDecompress())
    default:
      return res
  }
}

/** The whole body as UTF-8 text, once; an error on the socket or in decompression rejects it. */
function readText(res: IncomingMessage): Promise<string> {
  const source = decoded(res)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    source.on('data', (chunk: Buffer) => chunks.push(chunk))
    source.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    source.on('error', reject)
    if (source !== res) res.on('error', (e) => source.destroy(e))
    res.on('close', () => {
      if (!res.complete) reject(Object.assign(new Error('the connection closed before the answer was complete'), { code: 'ECONNRESET' }))
    })
  })
}

/** Node has already parsed the headers (names lower-cased); read them where they are. */
const headersOf = (res: IncomingMessage): HeaderReader => ({
  get(name) {
    const value = res.headers[name.toLowerCase()]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  },
})

export const nodeFetch: FetchLike = (input, init) =>
  new Promise<FetchAnswer>((resolve, reject) => {
    const url = new URL(input)
    const { signal } = init
    if (signal.aborted) return reject(abortError(signal))
    const agent = agents[url.protocol as keyof typeof agents]
    if (!agent) return reject(new TypeError(`unsupported protocol ${url.protocol}`))
    const body = Buffer.from(init.body)
    const headers = { 'accept-encoding': 'gzip, deflate, br', ...init.headers, 'content-length': String(body.byteLength) }

    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: init.method, headers, agent })
    // Before the answer, this rejects the call; after it, destroying the request ends the body with an error.
    const onAbort = () => req.destroy(abortError(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    req.on('error', (e) => {
      signal.removeEventListener('abort', onAbort)
      reject(e)
    })
    req.on('response', (res) => {
      res.on('close', () => signal.removeEventListener('abort', onAbort))
      // Read from the start, so the socket is freed even if nobody asks for the text.
      const text = readText(res)
      text.catch(() => undefined)
      resolve({ status: res.statusCode ?? 0, headers: headersOf(res), text: () => text })
    })
    req.end(body)
  })
