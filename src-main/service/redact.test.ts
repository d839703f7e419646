import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isSvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { SvcClient } from './client'
import { MAX_REDACT_DEPTH, RECORD_FRAGMENT, REDACTED, redactDeep, redactSecret } from './redact'

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

describe('redacting a whole record', () => {
  const OTHER = 'ak_test_ZyXwVuTsRqPo'

  it('scrubs every string at any depth, keys of objects and every secret at once, and keeps the rest', () => {
    const record = {
      kind: 'Unauthorized',
      name: KEY,
      nested: { list: ['clean', `a ${KEY.toUpperCase()} b`, { deeper: [[`x${OTHER}y`]] }], n: 7, ok: true, none: null },
      [`by ${KEY}`]: 1,
    }
    const out = redactDeep(record, [KEY, OTHER, undefined])
    expectNoPieceOfKey(out as unknown as SvcError)
    expect(JSON.stringify(out)).not.toContain(OTHER.slice(0, 6))
    expect(out).toEqual({
      kind: 'Unauthorized',
      name: REDACTED,
      nested: { list: ['clean', `a ${REDACTED} b`, { deeper: [[`x${REDACTED}y`]] }], n: 7, ok: true, none: null },
      [`by ${REDACTED}`]: 1,
    })
    // The record given is not changed.
    expect(record.name).toBe(KEY)
  })

  it('returns what holds nothing as it is, without copying', () => {
    const clean = { a: [{ b: 'c' }], d: 'e' }
    expect(redactDeep(clean, [KEY])).toBe(clean)
    expect(redactDeep(clean, [])).toBe(clean)
    const half = { keep: { x: 'y' }, change: KEY }
    expect(redactDeep(half, [KEY]).keep).toBe(half.keep)
  })

  it('keeps a key named __proto__ a key, and stops at its depth bound and at cycles', () => {
    const proto = JSON.parse(`{"__proto__": {"polluted": "${KEY}"}}`) as Record<string, unknown>
    const out = redactDeep(proto, [KEY])
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(Object.keys(out)).toEqual(['__proto__'])
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"polluted":"${REDACTED}"}}`)

    let deep: unknown = KEY
    for (let i = 0; i < MAX_REDACT_DEPTH + 50; i++) deep = [deep]
    expect(JSON.stringify(redactDeep(deep, [KEY]))).not.toContain(KEY.slice(0, 6))

    const cyclic: Record<string, unknown> = { name: KEY }
    cyclic.self = cyclic
    const cut = redactDeep(cyclic, [KEY])
    expect(cut).toEqual({ name: REDACTED, self: REDACTED })
  })

  it('in data, leaves what shares only a few characters with a key, and still scrubs errors within it strictly', () => {
    const hexKey = 'a3f9c2e71b4d8f0a6c5e9b2d7f1a3c8e'
    const opts = { fragment: RECORD_FRAGMENT, errorFields: new Set(['error']) }
    const record = {
      // Six hex digits of the key, by chance, inside a hash; a profile named like a piece of a key.
      hash: `0x00${hexKey.slice(4, 10)}${'1'.repeat(56)}`,
      name: 'Custody',
      note: `echoed ${hexKey.toUpperCase()} in full`,
      error: { kind: 'Unauthorized', name: hexKey.slice(0, 8), message: `bad key …${hexKey.slice(20)}` },
    }
    const out = redactDeep(record, [hexKey, 'sk-custody-1234'], opts)
    expect(out.hash).toBe(record.hash)
    expect(out.name).toBe('Custody')
    expect(out.note).toBe(`echoed ${REDACTED} in full`)
    expect(out.error).toEqual({ kind: 'Unauthorized', name: REDACTED, message: `bad key …${REDACTED}` })
  })

  it('scans a large clean answer quickly', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ intentId: String(i), owner: `0x${i.toString(16).padStart(40, '0')}`, status: 'SUCCEEDED' }))
    const started = performance.now()
    expect(redactDeep(rows, [KEY, OTHER])).toBe(rows)
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
