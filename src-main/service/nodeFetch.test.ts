import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync, brotliCompressSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { nodeFetch } from './nodeFetch'
import { postJson } from './transport'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void

let server: Server | undefined

async function serve(handler: Handler): Promise<string> {
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => handler(req, body, res))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/Svc/Op`
}

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

const post = (url: string, signal = new AbortController().signal) =>
  nodeFetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Key': 'k-1' }, body: '{"a":"é"}', signal })

describe('nodeFetch', () => {
  it('sends the method, headers and body, and hands back status, headers and text', async () => {
    const url = await serve((req, body, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Echo': `${req.method} ${req.headers['x-access-key']} ${req.headers['content-length']}` })
      res.end(body)
    })
    const res = await post(url)
    expect(res.status).toBe(201)
    expect(res.headers.get('X-Echo')).toBe('POST k-1 10')
    expect(res.headers.get('x-missing')).toBeNull()
    expect(await res.text()).toBe('{"a":"é"}')
  })

  it('reads gzip and brotli answers', async () => {
    const text = JSON.stringify({ intents: Array.from({ length: 50 }, (_, i) => ({ i })) })
    for (const [encoding, pack] of [['gzip', gzipSync], ['br', brotliCompressSync]] as const) {
      const url = await serve((_req, _body, res) => {
        res.writeHead(200, { 'Content-Encoding': encoding })
        res.end(pack(Buffer.from(text)))
      })
      expect(await (await post(url)).text()).toBe(text)
      server!.closeAllConnections()
      await new Promise((resolve) => server!.close(resolve))
    }
  })

  it('answers a bodiless status with an empty body', async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(204)
      res.end()
    })
    const res = await post(url)
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })

  it('rejects with the connection error code when nothing listens', async () => {
    const url = await serve((_req, _body, res) => res.end())
    server!.close()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await expect(post(url)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('fails the body when the connection drops before the answer is whole', async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(200, { 'Content-Length': '1000' })
      res.write('{"intents":[')
      setTimeout(() => res.socket?.destroy(), 20)
    })
    const outcome = await postJson(nodeFetch, { url, body: '{}', accessKey: undefined, timeoutMs: 5_000 })
    expect(outcome).toMatchObject({ kind: 'network', duringBody: true })
  })

  it('is cancelled by its signal while waiting for headers and while the body streams', async () => {
    const held = await serve(() => undefined)
    const early = new AbortController()
    const pending = post(held, early.signal)
    setTimeout(() => early.abort(), 20)
    await expect(pending).rejects.toThrow()

    server!.closeAllConnections()
    await new Promise((resolve) => server!.close(resolve))
    const streaming = await serve((_req, _body, res) => {
      res.writeHead(200)
      res.write('{')
    })
    const late = new AbortController()
    const res = await post(streaming, late.signal)
    const text = res.text()
    late.abort()
    await expect(text).rejects.toThrow()
  })

  it('gives the client a timeout, not a network failure, when the deadline passes', async () => {
    const url = await serve(() => undefined)
    const outcome = await postJson(nodeFetch, { url, body: '{}', accessKey: 'k', timeoutMs: 50 })
    expect(outcome).toEqual({ kind: 'timeout' })
  })
})

describe('nodeFetch answer limits', () => {
  const LIMIT = 256 * 1024
  const postLimited = (url: string) => postJson(nodeFetch, { url, body: '{}', accessKey: undefined, timeoutMs: 10_000, maxAnswerBytes: LIMIT })

  it('refuses a body past the limit as it streams, and drops the connection', async () => {
    let closedEarly = false
    const url = await serve((_req, _body, res) => {
      res.writeHead(200)
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      let sent = 0
      const pump = () => {
        while (sent < 400 && !res.destroyed) {
          sent++
          if (!res.write(chunk)) return res.once('drain', pump)
        }
        res.end()
      }
      res.on('close', () => (closedEarly = sent < 400))
      pump()
    })
    expect(await postLimited(url)).toEqual({ kind: 'tooLarge', limitBytes: LIMIT, encoded: true })
    await new Promise((r) => setTimeout(r, 50))
    expect(closedEarly).toBe(true)
  })

  it('refuses at once an answer whose Content-Length is past the limit', async () => {
    const url = await serve((_req, _body, res) => {
      res.writeHead(200, { 'Content-Length': String(LIMIT + 1) })
      res.write('{')
    })
    expect(await postLimited(url)).toEqual({ kind: 'tooLarge', limitBytes: LIMIT, encoded: true })
  })

  it('refuses a small gzip or brotli answer that expands past the limit', async () => {
    const zeros = Buffer.alloc(LIMIT * 4)
    for (const [encoding, pack] of [['gzip', gzipSync], ['br', brotliCompressSync]] as const) {
      const packed = pack(zeros)
      expect(packed.length).toBeLessThan(LIMIT)
      const url = await serve((_req, _body, res) => {
        res.writeHead(200, { 'Content-Encoding': encoding })
        res.end(packed)
      })
      expect(await postLimited(url)).toEqual({ kind: 'tooLarge', limitBytes: LIMIT, encoded: false })
      server!.closeAllConnections()
      await new Promise((resolve) => server!.close(resolve))
    }
  })

  it('reads an answer right at the limit', async () => {
    const text = `"${'x'.repeat(LIMIT - 2)}"`
    const url = await serve((_req, _body, res) => res.end(text))
    expect(await postLimited(url)).toMatchObject({ kind: 'answer', text })
  })
})
