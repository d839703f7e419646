import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { BRIDGE_METHOD_NAMES, ipcChannel } from '../../src-shared/contract/channels'
import { createBridgeHandlers, type BridgeHandlers } from '../bridge/handlers'
import { EventHub } from '../events/hub'
import { recordingCore, VALID_ARGS } from '../bridge/testing'
import { wireIpc, type IpcMainLike } from '../electron/ipc'
import { APP_ORIGIN } from '../electron/security'
import { isAllowedHostHeader, MAX_BRIDGE_BODY, startHost, type RunningHost } from './server'

const TOKEN = 'test-token-123'

/** What the page does with the launch secret: `POST /session`; the session credential, or the refusal's status. */
async function exchange(host: RunningHost, launch: string, headers: Record<string, string> = {}): Promise<string | number> {
  const r = await raw(host, '/session', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ launch }) })
  return r.status === 200 ? (JSON.parse(r.body) as { session: string }).session : r.status
}

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
  let auth: { authorization: string }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'host-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title>')
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)')
    writeFileSync(join(tmpdir(), 'secret.txt'), 'secret')
    host = await startHost({ port: 0, rendererDir: dir, handlers, events, token: TOKEN })
    auth = { authorization: `Bearer ${await exchange(host, TOKEN)}` }
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

  it('serves the page (public code, no secret) to anyone, and the bridge only with a session', async () => {
    const page = await raw(host, '/')
    expect(page.status).toBe(200)
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'/)
    expect(page.headers['set-cookie']).toBeUndefined()
    expect((await raw(host, '/bridge/getChains', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401)
  })

  it('trades a launch secret once, for a session credential that differs from it and is no cookie', async () => {
    const url = new URL(host.newLaunchUrl())
    const launch = url.searchParams.get('token')!
    // Opening the link serves the page: no redirect, no cookie.
    const opened = await raw(host, url.pathname + url.search)
    expect(opened.status).toBe(200)
    expect(opened.headers['set-cookie']).toBeUndefined()
    expect(opened.headers.location).toBeUndefined()
    const session = await exchange(host, launch)
    expect(typeof session).toBe('string')
    expect(session).not.toBe(launch)
    // Used once, the launch secret is spent; it never worked as a credential anyway.
    expect(await exchange(host, launch)).toBe(401)
    const call = (authorization: string) =>
      raw(host, '/bridge/getAppInfo', { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: '{}' })
    expect((await call(`Bearer ${launch}`)).status).toBe(401)
    expect((await call(`Bearer ${session as string}`)).status).toBe(200)
  })

  it('refuses the exchange from another origin and never redirects', async () => {
    const launch = new URL(host.newLaunchUrl()).searchParams.get('token')!
    expect(await exchange(host, launch, { origin: 'http://127.0.0.1:1' })).toBe(403)
    expect(await exchange(host, launch, { 'sec-fetch-site': 'same-site' })).toBe(403)
    for (const path of [`/a/..//evil.example?token=${launch}`, `//evil.example/?token=${launch}`, `/%2f%2fevil.example?token=${launch}`]) {
      const r = await raw(host, path)
      expect(r.headers.location, path).toBeUndefined()
      expect(r.status, path).not.toBe(302)
    }
    // None of those spent it.
    expect(typeof (await exchange(host, launch))).toBe('string')
  })

  it('answers the page from localhost exactly as from 127.0.0.1', async () => {
    for (const origin of [`http://localhost:${host.port}`, `http://127.0.0.1:${host.port}`]) {
      const r = await raw(host, '/bridge/getAppInfo', {
        method: 'POST',
        headers: { ...auth, host: new URL(origin).host, origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: '{}',
      })
      expect(r.status, origin).toBe(200)
    }
  })

  it('answers an oversized body with 413 and a malformed path with 400', async () => {
    const big = await raw(host, '/bridge/getChains', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(MAX_BRIDGE_BODY) }),
    })
    expect(big.status).toBe(413)
    expect(JSON.parse(big.body)).toMatchObject({ ok: false, error: { kind: 'InvalidArgument' } })
    for (const path of ['/%E0%A4%A', '/assets/%zz.js', '/bridge/%E0%A4%A'])
      expect((await raw(host, path, { method: path.startsWith('/bridge') ? 'POST' : 'GET', headers: auth })).status, path).toBe(400)
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

  it('refuses an event stream opened from another origin, and caps the streams open at once', async () => {
    const stream = (headers: Record<string, string>, path = '/bridge/events') =>
      new Promise<number>((done, reject) => {
        const req = request({ host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } }, (res) => {
          done(res.statusCode ?? 0)
          res.destroy()
        })
        req.on('error', reject)
        req.end()
      })
    expect(await stream({ ...auth, origin: 'http://127.0.0.1:1' })).toBe(403)
    expect(await stream({ ...auth, 'sec-fetch-site': 'same-site' })).toBe(403)
    expect(await stream({})).toBe(401)
    const session = auth.authorization.slice('Bearer '.length)
    expect(await stream({}, `/bridge/events?session=${session}`)).toBe(200)
  })

  it('refuses event streams past its cap with a message, and takes one again once a tab closes', async () => {
    const capped = await startHost({ port: 0, rendererDir: mkdtempSync(join(tmpdir(), 'host-')), handlers, events, token: 'cap', maxEventStreams: 2 })
    try {
      const session = (await exchange(capped, 'cap')) as string
      const open = () => fetch(`${capped.origin}/bridge/events?session=${session}`, { signal: AbortSignal.timeout(5_000) })
      const first = await open()
      const second = await open()
      expect([first.status, second.status]).toEqual([200, 200])
      const third = await open()
      expect(third.status).toBe(503)
      expect(await third.text()).toMatch(/At most 2 tabs/)
      await first.body!.cancel()
      // The host hears the close a moment later (longer on a busy machine).
      let again = await open()
      for (let i = 0; again.status !== 200 && i < 50; i++) {
        await new Promise((r) => setTimeout(r, 100))
        again = await open()
      }
      expect(again.status).toBe(200)
      await Promise.all([second.body!.cancel(), again.body!.cancel()])
    } finally {
      await capped.stop()
    }
  })

  it('stops at once, closing the event streams tabs hold open', async () => {
    const held = await startHost({ port: 0, rendererDir: mkdtempSync(join(tmpdir(), 'host-')), handlers, events, token: 'held' })
    const session = (await exchange(held, 'held')) as string
    const stream = await fetch(`${held.origin}/bridge/events?session=${session}`)
    expect(stream.status).toBe(200)
    const ended = stream.text().then(() => 'ended', () => 'ended')
    const stopped = held.stop().then(() => 'stopped')
    const timeout = new Promise((r) => setTimeout(() => r('still open'), 3_000))
    expect(await Promise.race([stopped, timeout])).toBe('stopped')
    expect(await ended).toBe('ended')
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

  it('refuses every bridge route without a session: each bridge method and the event stream', async () => {
    expect((await raw(host, '/bridge/events')).status).toBe(401)
    expect((await raw(host, `/bridge/events?session=${TOKEN}`)).status).toBe(401)
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
  wireIpc({ handle: (channel, listener) => void ipcHandlers.set(channel, listener), on: () => {} }, bridge)
  const page = { senderFrame: { url: `${APP_ORIGIN}/index.html` } }
  let host: RunningHost
  let session: string

  beforeAll(async () => {
    host = await startHost({ port: 0, rendererDir: mkdtempSync(join(tmpdir(), 'host-')), handlers: bridge, events: new EventHub(), token: TOKEN })
    session = (await exchange(host, TOKEN)) as string
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
          headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
          body,
        })
        const overIpc = await ipcHandlers.get(ipcChannel(name))!(page, JSON.parse(body))
        expect(overHttp.status).toBe(200)
        // The service clock's answer holds the moment it was read and the skew at that moment; the rest must agree.
        const timeless = (json: string) => JSON.parse(json, (k, v: unknown) => (k === 'checkedAt' || k === 'skewMs' ? undefined : v)) as unknown
        expect(timeless(overHttp.body)).toEqual(timeless(JSON.stringify(overIpc)))
      }),
      { numRuns: 25 },
    )
    silence.mockRestore()
  })
})
