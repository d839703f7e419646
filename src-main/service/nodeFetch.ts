import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { AnswerTooLargeError, DEFAULT_MAX_ANSWER_BYTES, type FetchAnswer, type FetchLike, type HeaderReader } from './transport'

/**
 * The client's default transport: Node's http/https with kept-alive connections and just
 * what the client reads. Hundreds of watches long-poll every few seconds, and the global
 * fetch's per-call cost (web streams, a Response each) was most of main's idle work.
 * `text()` rejects when the connection drops, on the signal, or past the size limit.
 * Redirects are not followed: the client reports a redirected RPC POST as misconfigured.
 */

const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) }

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

/**
 * The whole body as UTF-8 text, once; an error on the socket or in decompression rejects
 * it. The body is counted as it streams, on the wire and after decompression, and the
 * connection is dropped the moment either passes `maxBytes`: a huge answer, or a small
 * gzip that expands to gigabytes, costs at most the limit, never the process.
 */
function readText(res: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (error: Error | undefined, text?: string) => {
      if (settled) return
      settled = true
      if (error) reject(error)
      else resolve(text!)
    }
    const tooLarge = (encoded: boolean) => {
      settle(new AnswerTooLargeError(maxBytes, encoded))
      source.destroy()
      res.destroy()
    }
    const declared = Number(res.headers['content-length'])
    const source = decoded(res)
    if (declared > maxBytes) return tooLarge(true)
    let wire = 0
    let size = 0
    const chunks: Buffer[] = []
    if (source !== res) {
      res.on('data', (chunk: Buffer) => {
        wire += chunk.length
        if (wire > maxBytes) tooLarge(true)
      })
      res.on('error', (e) => source.destroy(e))
    }
    source.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) return tooLarge(source === res)
      chunks.push(chunk)
    })
    source.on('end', () => {
      // Within the limit the text always fits a string; the guard is for what cannot be foreseen.
      try {
        settle(undefined, Buffer.concat(chunks).toString('utf8'))
      } catch (e) {
        settle(e as Error)
      }
    })
    source.on('error', (e) => settle(e))
    res.on('close', () => {
      if (!res.complete) settle(Object.assign(new Error('the connection closed before the answer was complete'), { code: 'ECONNRESET' }))
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
    // A fetch given up rejects with the signal's reason (an AbortError unless the caller gave another).
    if (signal.aborted) return reject(signal.reason)
    const agent = agents[url.protocol as keyof typeof agents]
    if (!agent) return reject(new TypeError(`unsupported protocol ${url.protocol}`))
    const body = Buffer.from(init.body)
    const headers = { 'accept-encoding': 'gzip, deflate, br', ...init.headers, 'content-length': String(body.byteLength) }

    // The signal destroys the request: before the answer that rejects the call; after it, it ends the body with an error.
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method: init.method, headers, agent, signal })
    req.on('error', reject)
    req.on('response', (res) => {
      // Read from the start, so the socket is freed even if nobody asks for the text.
      const text = readText(res, init.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES)
      text.catch(() => undefined)
      resolve({ status: res.statusCode ?? 0, headers: headersOf(res), text: () => text })
    })
    req.end(body)
  })
