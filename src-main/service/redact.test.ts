import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { SvcClient } from './client'
import { redactSecret } from './redact'

/**
 * Attack: a service echoes the access key back in its error, shaped to slip past a
 * scrub of the whole key: placed so the 200-character cut keeps only a prefix, split
 * between `msg` and `cause`, or in another case. None of it may reach the error.
 */
const KEY = 'sk_live_AbCdEfGhIjKlMnOpQrStUv' // 30 characters

let server: Server
let url: string
let body = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    res.writeHead(400, { 'Content-Type': 'application/json' })
    res.end(body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((done) => server.close(() => done())))

async function failureFor(errorBody: unknown): Promise<SvcError> {
  body = JSON.stringify(errorBody)
  const client = new SvcClient({ baseUrl: url, getAccessKey: () => KEY, retry: { attempts: 1 } })
  try {
    await client.getChains({})
  } catch (e) {
    if (isSvcFailure(e)) return e.error
    throw e
  }
  throw new Error('the call succeeded')
}

/** No piece of the key of 6 characters or more, in any case. */
function expectNoPieceOfKey(error: SvcError): void {
  const text = JSON.stringify(error).toLowerCase()
  for (let i = 0; i + 6 <= KEY.length; i++) expect(text, `piece at ${i}`).not.toContain(KEY.slice(i, i + 6).toLowerCase())
}

describe('a service echoing the key', () => {
  it('cannot leave a prefix of it behind the 200-character cut', async () => {
    for (let at = 170; at < 200; at++) {
      const error = await failureFor({ error: 'Bad', code: 1, msg: `${'x'.repeat(at)}${KEY} and more`, status: 400 })
      expectNoPieceOfKey(error)
    }
  })

  it('cannot split it between msg and cause', async () => {
    const error = await failureFor({ error: 'Bad', code: 1, msg: `token ${KEY.slice(0, 15)}`, cause: `${KEY.slice(15)} rejected`, status: 400 })
    expectNoPieceOfKey(error)
    expect(error.message).toMatch(/token \[redacted\]: \[redacted\] rejected/)
  })

  it('cannot change its case', async () => {
    for (const form of [KEY.toUpperCase(), KEY.toLowerCase(), KEY.replace(/[a-z]/g, (c) => c.toUpperCase())]) {
      expectNoPieceOfKey(await failureFor({ error: 'Bad', code: 1, msg: `your key ${form} is wrong`, status: 400 }))
    }
  })

  it('keeps the rest of what the service said', () => {
    expect(redactSecret('key sk_live_AbCdEf is wrong', KEY)).toBe('key [redacted] is wrong')
    expect(redactSecret('nothing secret here', KEY)).toBe('nothing secret here')
    expect(redactSecret('short k-1 key', 'k-1')).toBe('short [redacted] key')
  })
})
