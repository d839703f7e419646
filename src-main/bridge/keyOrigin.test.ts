import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SERVICE_METHOD_NAMES } from '../../src-shared/contract/channels'
import { FileKeyStore } from '../settings/keystore'
import { profileOrigins } from '../settings/envKey'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { startAppCore, type AppCore } from './appCore'
import { VALID_ARGS } from './testing'

/**
 * Attack: a profile holding a key is pointed at another host (by the page, which may
 * save any profile). Before keys were bound to their origin, the next call, and the
 * watcher's long-polls on their own, sent `X-Access-Key` there.
 */
const KEY = 'k-origin-bound-0123456789abcdef'

let capture: Server
let captureUrl: string
const seen: Array<{ headers: IncomingHttpHeaders; body: string; path: string }> = []
let app: AppCore
let simulator: RunningSimulator
let dataDir: string

beforeAll(async () => {
  capture = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      seen.push({ headers: req.headers, body, path: req.url ?? '' })
      res.writeHead(401, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ error: 'Unauthorized', code: 1, msg: 'send me your key', status: 401 }))
    })
  })
  await new Promise<void>((done) => capture.listen(0, '127.0.0.1', done))
  captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`
  dataDir = mkdtempSync(join(tmpdir(), 'ie-key-origin-'))
  simulator = await startSimulator({ seed: 1, intents: 50, accessKeys: ['demo-key', KEY], waitTimeoutMs: 300 })
  app = await startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    demo: simulator,
  })
})

afterAll(async () => {
  await app.stop()
  await simulator.stop()
  await new Promise<void>((done) => capture.close(() => done()))
  rmSync(dataDir, { recursive: true, force: true })
})

it('a key is never sent to a host its profile was moved to, by any view or by a watch', async () => {
  const { handlers } = app
  const saved = await handlers.saveProfile({ name: 'Real', baseUrl: simulator.url })
  if (!saved.ok) throw new Error(saved.error.message)
  const id = saved.value.id
  expect(await handlers.setAccessKey({ profileId: id, key: KEY, allowPlainText: true })).toMatchObject({ ok: true, value: { hasKey: true } })
  await handlers.setActiveProfile({ id })
  // The key works where it was entered, and a watch runs there.
  const intentId = simulator.createIntent({ status: 'EXECUTING' }).intentId
  expect(await handlers.testConnection({ profileId: id })).toMatchObject({ ok: true })
  await handlers.watchIntent({ intentId })

  const moved = await handlers.saveProfile({ id, name: 'Real', baseUrl: `${captureUrl}/` })
  expect(moved).toMatchObject({ ok: true, value: { hasKey: false } })

  for (const name of SERVICE_METHOD_NAMES) await (handlers[name] as (a: unknown) => Promise<unknown>)(VALID_ARGS[name])
  await handlers.testConnection({ profileId: id })
  // Adding the watch again restarts it against the new URL; wait until it has asked there.
  await handlers.watchIntent({ intentId })
  const deadline = Date.now() + 10_000
  while (!seen.some((s) => s.path.endsWith('/WaitIntentReceipt')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))

  expect(seen.length).toBeGreaterThan(SERVICE_METHOD_NAMES.length)
  expect(seen.some((s) => s.path.endsWith('/WaitIntentReceipt'))).toBe(true)
  for (const s of seen) {
    expect(s.headers['x-access-key'], s.path).toBeUndefined()
    expect(JSON.stringify(s), s.path).not.toContain(KEY)
  }
  // The key is gone from the file too, not just unused.
  const { readFileSync } = await import('node:fs')
  expect(readFileSync(join(dataDir, 'access-keys.json'), 'utf8')).not.toContain(KEY)
}, 60_000)

it('a key saved for one origin is not handed out for another, even if the store is asked directly', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ie-keys-'))
  try {
    const keys = FileKeyStore.open(join(dir, 'access-keys.json'), {})
    keys.set('p', KEY, { origin: 'https://svc.example.com' })
    expect(keys.get('p', 'https://svc.example.com')).toBe(KEY)
    expect(keys.has('p', 'https://svc.example.com')).toBe(true)
    expect(keys.get('p', 'http://127.0.0.1:9')).toBeUndefined()
    expect(keys.has('p', 'https://svc.example.com:8443')).toBe(false)
    // Read back from disk, the binding holds.
    expect(FileKeyStore.open(join(dir, 'access-keys.json'), {}).get('p', 'https://evil.example')).toBeUndefined()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

it('a key given by SVC_ACCESS_KEY_PROFILE alone stays with the origin its profile had at start', async () => {
  const ENV_KEY = 'k-env-profile-0123456789abcdef'
  const real: Array<string | undefined> = []
  const service = createServer((req, res) => {
    real.push(req.headers['x-access-key'] as string | undefined)
    req.resume()
    res.writeHead(401, { 'Content-Type': 'application/json' })
    res.end(JSON.stringify({ error: 'Unauthorized', code: 1, msg: 'no', status: 401 }))
  })
  await new Promise<void>((done) => service.listen(0, '127.0.0.1', done))
  const serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
  const dir = mkdtempSync(join(tmpdir(), 'ie-env-key-'))
  writeFileSync(join(dir, 'profiles.json'), JSON.stringify({ version: 1, activeProfileId: 'prod', profiles: [{ id: 'prod', name: 'Production', baseUrl: serviceUrl }] }))
  const env = { SVC_ACCESS_KEY: ENV_KEY, SVC_ACCESS_KEY_PROFILE: 'prod' }
  const envApp = await startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir: dir,
    keyStore: (profiles) => FileKeyStore.open(join(dir, 'access-keys.json'), env, undefined, { profileOrigin: profileOrigins(profiles) }),
    simulator: { seed: 1, intents: 10 },
  })
  try {
    await envApp.handlers.getChains({})
    expect(real).toContain(ENV_KEY)
    const before = seen.length
    const moved = await envApp.handlers.saveProfile({ id: 'prod', name: 'Production', baseUrl: captureUrl })
    expect(moved).toMatchObject({ ok: true, value: { hasKey: false } })
    await envApp.handlers.getChains({})
    await envApp.handlers.testConnection({ profileId: 'prod' })
    const after = seen.slice(before)
    expect(after.length).toBeGreaterThan(0)
    for (const s of after) expect(JSON.stringify(s), s.path).not.toContain(ENV_KEY)
  } finally {
    await envApp.stop()
    await new Promise<void>((done) => service.close(() => done()))
    rmSync(dir, { recursive: true, force: true })
  }
}, 30_000)
