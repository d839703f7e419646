import { describe, expect, it } from 'vitest'
import {
  badResponse,
  httpFailure,
  networkErrorCode,
  networkFailure,
  parseRetryAfter,
  redact,
  timeoutFailure,
  type CallContext,
} from './errors'

const ctx: CallContext = { operation: 'GetIntent', baseUrl: 'https://svc.example.com', keySent: true }
const webrpc = (error: string, code: number, msg: string, status: number) => JSON.stringify({ error, code, msg, status })
const noHeaders = new Headers()

describe('httpFailure', () => {
  it.each([
    [401, 'Unauthorized', /access key was rejected by https:\/\/svc\.example\.com — check it in Settings/],
    [403, 'Unauthorized', /not allowed to call GetIntent/],
    [400, 'InvalidArgument', /rejected the GetIntent request as invalid/],
    [409, 'Conflict', /refused GetIntent/],
    [422, 'Conflict', /refused GetIntent/],
    [408, 'Timeout', /gave up waiting/],
    [500, 'Unavailable', /could not answer GetIntent \(HTTP 500\)/],
    [503, 'Unavailable', /HTTP 503/],
    [302, 'BadResponse', /redirected GetIntent \(HTTP 302\) — service calls are not sent on/],
    [199, 'BadResponse', /unexpected HTTP status 199/],
  ] as const)('HTTP %i → %s', (status, kind, message) => {
    const e = httpFailure(ctx, status, noHeaders, '')
    expect(e).toMatchObject({ kind, status, operation: 'GetIntent' })
    expect(e.message).toMatch(message)
  })

  it('names where a redirect points', () => {
    const e = httpFailure(ctx, 308, new Headers({ Location: 'https://api.example.com/' }), '')
    expect(e.message).toMatch(/redirected GetIntent \(HTTP 308\) to https:\/\/api\.example\.com\/ — .*base URL in Settings/)
  })

  it('tells a missing key from a rejected one', () => {
    expect(httpFailure({ ...ctx, keySent: false }, 401, noHeaders, '').message).toMatch(/none is set for this profile/)
  })

  it('tells an unknown intent from an unknown operation', () => {
    const missing = httpFailure(ctx, 404, noHeaders, webrpc('NotFound', 3000, 'intent 0xabc not found', 404))
    expect(missing).toMatchObject({ kind: 'NotFound', code: 3000 })
    expect(missing.message).toMatch(/found nothing matching.*intent 0xabc not found/)
    for (const body of ['', '<html>Not Found</html>', webrpc('WebrpcBadRoute', -2, 'bad route', 404)]) {
      expect(httpFailure(ctx, 404, noHeaders, body).message).toMatch(/does not support GetIntent/)
    }
  })

  it('carries the Retry-After of a 429', () => {
    const e = httpFailure(ctx, 429, new Headers({ 'Retry-After': '7' }), webrpc('RateLimited', 1201, 'slow down', 429))
    expect(e).toMatchObject({ kind: 'RateLimited', retryAfterMs: 7000, code: 1201 })
    expect(e.message).toMatch(/wait 7 s/)
    expect(httpFailure(ctx, 429, noHeaders, '').retryAfterMs).toBeUndefined()
  })

  it('quotes what the service said, shortened', () => {
    const long = 'x'.repeat(500)
    const e = httpFailure(ctx, 400, noHeaders, webrpc('InvalidArgument', 2001, long, 400))
    expect(e.message).toContain('The service said: “xxx')
    expect(e.message.length).toBeLessThan(400)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000)
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})

describe('network failures', () => {
  it('finds the code inside nested causes', () => {
    const err = new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) })
    expect(networkErrorCode(err)).toBe('ECONNREFUSED')
    expect(networkFailure(ctx, 'ECONNREFUSED', false).message).toMatch(/Could not reach https:\/\/svc\.example\.com.*connection refused/)
    expect(networkFailure(ctx, 'EWHATEVER', false).message).toMatch(/connection failed \(EWHATEVER\)/)
    expect(networkFailure(ctx, undefined, true).message).toMatch(/dropped while the answer was arriving/)
  })
})

it('timeoutFailure states the deadline that passed', () => {
  expect(timeoutFailure(ctx, 300).message).toContain('within 300 ms')
  expect(timeoutFailure(ctx, 15_000).message).toContain('within 15 s')
})

it('badResponse names the operation and the field path', () => {
  const e = badResponse(ctx, 'expected a decimal amount', 'intent.quote.fromAmount')
  expect(e).toMatchObject({ kind: 'BadResponse', operation: 'GetIntent', path: 'intent.quote.fromAmount' })
  expect(e.message).toMatch(/GetIntent.*intent\.quote\.fromAmount.*expected a decimal amount/)
})

it('redact removes a secret from every text field', () => {
  const e = redact({ kind: 'BadResponse', message: 'key s3cr3t-key echoed', path: 'a.s3cr3t-key' }, 's3cr3t-key')
  expect(JSON.stringify(e)).not.toContain('s3cr3t-key')
  expect(e.message).toBe('key [redacted] echoed')
})
