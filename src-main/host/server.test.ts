import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { BRIDGE_METHOD_NAMES, ipcChannel } from '../../src-shared/contract/channels'
import { createBridgeHandlers, type BridgeHandlers } from '../bridge/handlers'
import { EventHub } from '../bridge/events'
import { recordingCore, VALID_ARGS } from '../bridge/testing'
import { wireIpc, type IpcMainLike } from '../electron/ipc'
import { APP_ORIGIN } from '../electron/security'
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

describe('browser host refusals', () => {
  let host: RunningHost
  const events = new EventHub()
  const handlers = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((n) => [n, vi.fn(async () => ({ ok: true, value: {} }))]),
  ) as unknown as BridgeHandlers
  const json = { 'content-type': 'application/json' }

  beforeAll(async () => {
    host = await startHost({ port: 0, rendererDir: mkdtempSync(join(tmpdir(), 'host-')), handlers, events, token: TOKEN })
  })
  afterAll(() => host.stop())

  it('will not bind to anything but loopback', async () => {
    for (const bind of ['0.0.0.0', '::', '192.0.2.2', 'localhost.example.com', '127.0.0.1.nip.io'])
      await expect(startHost({ port: 0, host: bind, rendererDir: '.', handlers, events }), bind).rejects.toThrow(/loopback/)
  })

  it('cannot be reached on any non-loopback address of this machine', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === 'IPv4')
      .map((i) => i!.address)
    for (const address of external) {
      const reached = await new Promise<boolean>((done) => {
        const socket = connect({ host: address, port: host.port, timeout: 2_000 })
        socket.once('connect', () => (socket.destroy(), done(true)))
        socket.once('error', () => done(false))
        socket.once('timeout', () => (socket.destroy(), done(false)))
      })
      expect(reached, `port ${host.port} answered on ${address}`).toBe(false)
    }
  })

  it('refuses every route without the token: pages, assets, each bridge method and the event stream', async () => {
    expect((await raw(host, '/assets/app.js')).status).toBe(401)
    expect((await raw(host, '/bridge/events')).status).toBe(401)
    for (const name of BRIDGE_METHOD_NAMES)
      expect((await raw(host, `/bridge/${name}`, { method: 'POST', headers: json, body: '{}' })).status, name).toBe(401)
    // A wrong token, in the cookie, the header, or a token offered on a POST, is no token.
    const wrong: Record<string, string>[] = [{ cookie: 'ie_host_token=nope' }, { authorization: 'Bearer nope' }, { authorization: TOKEN }, { cookie: `IE_HOST_TOKEN=${TOKEN}` }]
    for (const headers of wrong)
      expect((await raw(host, '/bridge/getChains', { method: 'POST', headers: { ...json, ...headers }, body: '{}' })).status).toBe(401)
    expect((await raw(host, `/bridge/getChains?token=${TOKEN}`, { method: 'POST', headers: json, body: '{}' })).status).toBe(401)
    expect(handlers.getChains).not.toHaveBeenCalled()
  })

  it('refuses non-loopback and malformed Host headers before looking at the token', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` }
    for (const hostHeader of [
      `attacker.example:${host.port}`,
      `localhost.attacker.example:${host.port}`,
      `127.0.0.1.nip.io:${host.port}`,
      `[::ffff:127.0.0.1]:${host.port}`,
      `127.0.0.1:${host.port + 1}`,
      `127.0.0.1:${host.port}@attacker.example`,
    ]) {
      expect((await raw(host, '/', { headers: { ...auth, host: hostHeader } })).status, hostHeader).toBe(421)
      const bridge = await raw(host, '/bridge/getChains', { method: 'POST', headers: { ...auth, ...json, host: hostHeader }, body: '{}' })
      expect(bridge.status, hostHeader).toBe(421)
      expect((await raw(host, `/?token=${TOKEN}`, { headers: { host: hostHeader } })).status, hostHeader).toBe(421)
    }
    // HTTP/1.0 lets a client leave the Host header out altogether.
    const noHost = await new Promise<string>((done, reject) => {
      const socket = connect({ host: '127.0.0.1', port: host.port }, () =>
        socket.end(`GET / HTTP/1.0\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`),
      )
      let answer = ''
      socket.on('data', (c) => (answer += c))
      socket.on('end', () => done(answer))
      socket.on('error', reject)
    })
    expect(noHost).toMatch(/^HTTP\/1\.[01] 421 /)
    expect(handlers.getChains).not.toHaveBeenCalled()
  })
})

describe('the host bridge validates arguments exactly as IPC does', () => {
  const { core } = recordingCore()
  const bridge = createBridgeHandlers(core)
  const ipcHandlers = new Map<string, Parameters<IpcMainLike['handle']>[1]>()
  wireIpc({ handle: (channel, listener) => void ipcHandlers.set(channel, listener) }, bridge)
  const page = { senderFrame: { url: `${APP_ORIGIN}/index.html` } }
  let host: RunningHost

  beforeAll(async () => {
    host = await startHost({ port: 0, rendererDir: mkdtempSync(join(tmpdir(), 'host-')), handlers: bridge, events: new EventHub(), token: TOKEN })
  })
  afterAll(() => host.stop())

  it.each(BRIDGE_METHOD_NAMES)('%s: the same answer for the same arguments, over HTTP and over IPC', async (name) => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => {})
    const args = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constant(VALID_ARGS[name] ?? {}),
      fc.tuple(fc.jsonValue({ maxDepth: 1 }), fc.constantFrom('extra', ...Object.keys(VALID_ARGS[name] ?? {}))).map(([v, k]) => ({
        ...(VALID_ARGS[name] as object),
        [k]: v,
      })),
    )
    await fc.assert(
      fc.asyncProperty(args, async (value) => {
        const body = JSON.stringify(value)
        const overHttp = await raw(host, `/bridge/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body,
        })
        const overIpc = await ipcHandlers.get(ipcChannel(name))!(page, JSON.parse(body))
        expect(overHttp.status).toBe(200)
        expect(JSON.parse(overHttp.body)).toEqual(JSON.parse(JSON.stringify(overIpc)))
      }),
      { numRuns: 25 },
    )
    silence.mockRestore()
  })
})
