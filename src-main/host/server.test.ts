import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BRIDGE_METHOD_NAMES } from '../contract/channels'
import type { BridgeHandlers } from '../bridge/handlers'
import { EventHub } from '../bridge/events'
import { isAllowedHostHeader, startHost, type RunningHost } from './server'

const TOKEN = 'test-token-123'

/** Raw HTTP so the test controls the Host header, which fetch does not allow. */
function raw(
  host: RunningHost,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((done, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, path, method: init.method ?? 'GET', headers: { host: `127.0.0.1:${host.port}`, ...init.headers } },
      (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

describe('browser host', () => {
  let host: RunningHost
  const events = new EventHub()
  const handlers = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((n) => [n, vi.fn(async (args: unknown) => ({ ok: true, value: { echoed: args } }))]),
  ) as unknown as BridgeHandlers
  const auth = { authorization: `Bearer ${TOKEN}` }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>')
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
    writeFileSync(join(tmpdir(), 'secret.txt'), 'secret')
    host = await startHost({ port: 0, rendererDir: dir, handlers, events, token: TOKEN })
  })
  afterAll(() => host.stop())

  it('refuses to listen beyond loopback', async () => {
    await expect(startHost({ port: 0, host: '0.0.0.0', rendererDir: '.', handlers, events })).rejects.toThrow(/loopback/)
  })

  it('accepts only loopback Host headers on its own port', () => {
    expect(isAllowedHostHeader('127.0.0.1:5180', 5180)).toBe(true)
    expect(isAllowedHostHeader('localhost:5180', 5180)).toBe(true)
    expect(isAllowedHostHeader('[::1]:5180', 5180)).toBe(true)
    expect(isAllowedHostHeader('evil.example:5180', 5180)).toBe(false)
    expect(isAllowedHostHeader('127.0.0.1:80', 5180)).toBe(false)
    expect(isAllowedHostHeader(undefined, 5180)).toBe(false)
  })

  it('refuses a DNS-rebound Host header even with the token', async () => {
    const r = await raw(host, '/', { headers: { host: `attacker.example:${host.port}`, ...auth } })
    expect(r.status).toBe(421)
  })

  it('requires the token for pages and the bridge', async () => {
    expect((await raw(host, '/')).status).toBe(401)
    expect((await raw(host, '/bridge/getChains', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401)
    expect((await raw(host, '/?token=wrong')).status).toBe(401)
  })

  it('trades the launch token for an HttpOnly same-site cookie', async () => {
    const r = await raw(host, `/?token=${TOKEN}`)
    expect(r.status).toBe(302)
    const cookie = String(r.headers['set-cookie'])
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const page = await raw(host, '/', { headers: { cookie: cookie.split(';')[0] } })
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'/)
  })

  it('serves built files and nothing outside the renderer folder', async () => {
    expect((await raw(host, '/assets/app.js', { headers: auth })).body).toBe('console.log(1)')
    expect((await raw(host, '/../secret.txt', { headers: auth })).status).not.toBe(200)
    expect((await raw(host, '/%2e%2e/secret.txt', { headers: auth })).status).not.toBe(200)
  })

  it('runs named bridge methods and nothing else', async () => {
    const ok = await raw(host, '/bridge/getChains', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ routeProvider: 'AUTO' }),
    })
    expect(JSON.parse(ok.body)).toEqual({ ok: true, value: { echoed: { routeProvider: 'AUTO' } } })
    const unknown = await raw(host, '/bridge/invoke', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' })
    expect(unknown.status).toBe(404)
    const notJson = await raw(host, '/bridge/getChains', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' })
    expect(notJson.status).toBe(415)
    const badBody = await raw(host, '/bridge/getChains', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{' })
    expect(badBody.status).toBe(400)
  })

  it('refuses bridge calls from another origin', async () => {
    const r = await raw(host, '/bridge/getChains', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', origin: 'http://127.0.0.1:1' },
      body: '{}',
    })
    expect(r.status).toBe(403)
  })

  it('streams bridge events over SSE', async () => {
    const ac = new AbortController()
    const res = await fetch(`${host.origin}/bridge/events`, { headers: auth, signal: ac.signal })
    const reader = res.body!.getReader()
    await reader.read() // the connected comment
    events.emit({ type: 'appInfo', info: { version: 'x' } as never })
    const { value } = await reader.read()
    expect(new TextDecoder().decode(value)).toContain('"type":"appInfo"')
    ac.abort()
  })
})
