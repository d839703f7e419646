import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UsageError, parseCli } from './cli'

describe('parseCli', () => {
  it('reads every option', () => {
    expect(
      parseCli(['--port', '0', '--host', '127.0.0.1', '--seed', '9', '--intents', '100', '--access-key', 'a', '--access-key', 'b', '--wait-timeout-ms', '500', '--commit-window-ms', '1000', '--faults', 'error500=0.1', '--shape', 'payload', '--start-at', '2026-01-01T00:00:00Z', '--admin', '--verbose', '--service-name', 'Acme', '--rename', 'priceFeedId=oracleFeedId', '--big-ints', 'string']),
    ).toEqual({
      port: 0,
      host: '127.0.0.1',
      seed: 9,
      intents: 100,
      accessKeys: ['a', 'b'],
      waitTimeoutMs: 500,
      commitWindowMs: 1000,
      faults: 'error500=0.1',
      shape: 'payload',
      startAt: Date.UTC(2026, 0, 1),
      admin: true,
      verbose: true,
      dialect: { serviceName: 'Acme', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' },
    })
    expect(parseCli([]).port).toBe(8787)
    expect(parseCli([]).dialect).toEqual({ serviceName: 'Svc', renames: [], bigInts: 'number' })
  })

  it('starts the demo at the real present unless a date is given (not at the fixed epoch, days behind the machine)', () => {
    const before = Date.now()
    const at = parseCli([]).startAt!
    expect(at).toBeGreaterThanOrEqual(before)
    expect(at).toBeLessThanOrEqual(Date.now())
    expect(parseCli(['--start-at', 'now']).startAt).toBeGreaterThanOrEqual(before)
    expect(parseCli(['--start-at', '2026-11-20T12:00:00Z']).startAt).toBe(Date.UTC(2026, 10, 20, 12))
  })

  it('serves the operations beyond the spec unless told not to', () => {
    expect(parseCli([]).extras).toBeUndefined()
    expect(parseCli(['--no-extras']).extras).toBe(false)
  })

  it.each([
    [['--port', '99999'], /--port must be a whole number from 0 to 65535/],
    [['--intents', '0'], /--intents/],
    [['--seed', '-1'], /--seed/],
    [['--shape', 'xml'], /--shape must be "spec" or "payload"/],
    [['--start-at', 'soon'], /--start-at/],
    [['--colour'], /colour/],
    [['--access-key', ''], /--access-key must not be empty/],
    [['--service-name', 'my/svc'], /--service-name/],
    [['--rename', 'priceFeedId'], /--rename must be neutral=wire/],
    [['--big-ints', 'hex'], /--big-ints/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError)
    expect(() => parseCli(argv)).toThrow(message)
  })
})

describe('sim command', () => {
  const cli = resolve(__dirname, 'cli.ts')
  const tsx = resolve(__dirname, '../../node_modules/.bin/tsx')

  it('prints one listening line, serves, and exits cleanly on SIGTERM', async () => {
    const child = spawn(tsx, [cli, '--port', '0', '--intents', '50'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.setEncoding('utf8')
    const url = await new Promise<string>((ok, fail) => {
      child.stdout.on('data', (chunk: string) => {
        out += chunk
        const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out)
        if (m) ok(m[1])
      })
      child.once('exit', (code) => fail(new Error(`exited early with ${code}`)))
    })
    const res = await fetch(`${url}/rpc/Svc/GetChains`, { method: 'POST', headers: { 'X-Access-Key': 'demo-key' }, body: '{}' })
    expect(res.status).toBe(200)
    const exited = once(child, 'exit')
    child.kill('SIGTERM')
    const [code] = await exited
    expect(code).toBe(0)
    expect(out).toBe(`listening on ${url}\n`)
  })

  it('fails with a clear message on a bad fault spec', async () => {
    const child = spawn(tsx, [cli, '--port', '0', '--faults', 'boom=1'], { stdio: ['ignore', 'pipe', 'pipe'] })
    let err = ''
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c))
    const [code] = await once(child, 'exit')
    expect(code).toBe(1)
    expect(err).toMatch(/--faults: unknown fault "boom"/)
  })
})
