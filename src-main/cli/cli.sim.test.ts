import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { BIG_AMOUNT_INTENT_ID } from '../../tools/simulator'
import { EXIT, runCli } from './main'

let sim: RunningSimulator
let dataDir: string

beforeAll(async () => {
  sim = await startSimulator({ port: 0, intents: 300, accessKeys: ['cli-key'], waitTimeoutMs: 500 })
  dataDir = mkdtempSync(join(tmpdir(), 'cli-test-'))
})
afterAll(async () => {
  await sim.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function run(argv: string[], env: Record<string, string | undefined> = { INTENT_EXPLORER_ACCESS_KEY: 'cli-key' }) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: { INTENT_EXPLORER_DATA: dataDir, ...env } })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('the command line against the simulator', () => {
  it('lookup --json prints the intent with its status as the service reports it and amounts as exact strings', async () => {
    const r = await run(['lookup', BIG_AMOUNT_INTENT_ID, '--json', '--base-url', sim.url])
    expect(r.code).toBe(EXIT.ok)
    // An array even for one match, as for several.
    const list = JSON.parse(r.out)
    expect(Array.isArray(list)).toBe(true)
    expect(list).toHaveLength(1)
    const intent = list[0]
    expect(intent.intentId).toBe(BIG_AMOUNT_INTENT_ID)
    expect(intent.status).toBe(sim.dataset.get(BIG_AMOUNT_INTENT_ID)!.status)
    expect(intent.quoteRequest.originTokenAmount).toBe('1234567890123456789012')
  })

  it('lookup finds intents by a transaction hash and by an owner address', async () => {
    const record = sim.dataset.records[1]
    const byOwner = await run(['lookup', record.owner, '--json', '--base-url', sim.url])
    const owned = JSON.parse(byOwner.out) as Array<{ intentId: string }>
    expect(Array.isArray(owned)).toBe(true)
    expect(owned.map((i) => i.intentId)).toContain(record.intentId)
    expect(byOwner.err).toBe('')

    const { intentReceipt } = (await (await fetch(`${sim.url}/rpc/Svc/GetIntentReceipt`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-key': 'cli-key' }, body: JSON.stringify({ intentId: record.intentId }) })).json()) as { intentReceipt: { depositTransaction: { txnHash: string } } }
    const byHash = await run(['lookup', intentReceipt.depositTransaction.txnHash, '--base-url', sim.url])
    expect(byHash.code).toBe(EXIT.ok)
    expect(byHash.out).toContain(`Intent ${record.intentId}`)
    expect(byHash.err).toContain('matched by transaction hash')
  })

  it('lookup of text that is not a key says so, exits 4 and sends nothing', async () => {
    const seen: string[] = []
    const server = createServer((req, res) => {
      seen.push(req.url ?? '')
      res.writeHead(500).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      for (const key of ['garbage-text', '0x1234', 'see screenshot attached']) {
        const r = await run(['lookup', key, '--base-url', url])
        expect(r.code).toBe(EXIT.notAKey)
        expect(r.err).toContain(`“${key}” is not a key`)
        expect(r.err).not.toContain('wire form')
      }
      expect(seen).toEqual([])
    } finally {
      server.close()
    }
  })

  it('lookup text output writes amounts in token units with their symbol, and what arrived on a SUCCEEDED intent, never "(quoted)"', async () => {
    const record = sim.dataset.records.find((r) => r.status === 'SUCCEEDED')!
    const r = await run(['lookup', record.intentId, '--base-url', sim.url])
    expect(r.code).toBe(EXIT.ok)
    expect(r.out).toContain(`Intent ${record.intentId}  SUCCEEDED`)
    expect(r.out).not.toContain('(quoted)')
    expect(r.out).not.toContain('base units')
    expect(r.out).toMatch(new RegExp(`sends +[\\d,]+(\\.\\d+)? ${record.originToken.symbol}\\n`))
    expect(r.out).toMatch(new RegExp(`received +[\\d,]+(\\.\\d+)? ${record.destinationToken.symbol} \\(received\\)`))
  })

  it('--help lists the exit codes', async () => {
    const r = await run(['--help'])
    expect(r.code).toBe(EXIT.ok)
    for (const [name, code] of Object.entries(EXIT)) expect(r.out, name).toMatch(new RegExp(`^  ${code}  \\S`, 'm'))
  })

  it('lookup of an unknown key says so and exits 3', async () => {
    const r = await run(['lookup', `0x${'9'.repeat(64)}`, '--base-url', sim.url])
    expect(r.code).toBe(EXIT.otherwise)
    expect(r.err).toContain('Nothing matches')
  })

  it('history filters by status and time and writes CSV with exact amounts', async () => {
    const r = await run(['history', '--status', 'FAILED', '--status', 'REFUNDED', '--limit', '30', '--csv', '--base-url', sim.url])
    expect(r.code).toBe(EXIT.ok)
    const [header, ...rows] = r.out.split('\n')
    expect(header.split(',')).toContain('originTokenAmount')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(30)
    for (const row of rows) expect(row.split(',')[1]).toMatch(/^(FAILED|REFUNDED)$/)

    const json = await run(['history', '--owner', sim.dataset.records[0].owner, '--json', '--base-url', sim.url])
    const entries = JSON.parse(json.out) as Array<{ receipt: { summary: { originTokenAmount: unknown } } }>
    expect(entries.length).toBe(sim.dataset.ownedBy(sim.dataset.records[0].owner).length)
    for (const e of entries) expect(typeof e.receipt.summary.originTokenAmount).toBe('string')
  })

  it('watch prints each status change and exits on the final one', async () => {
    const record = sim.createIntent({ status: 'EXECUTING' })
    const out: string[] = []
    const running = runCli(['watch', record.intentId, '--json', '--base-url', sim.url], {
      out: (t) => {
        out.push(t)
        if (out.length === 1) setTimeout(() => sim.advance(record.intentId, { to: 'SUCCEEDED' }), 50)
      },
      err: () => {},
      env: { INTENT_EXPLORER_ACCESS_KEY: 'cli-key', INTENT_EXPLORER_DATA: dataDir },
    })
    expect(await running).toBe(EXIT.ok)
    const lines = out.map((l) => JSON.parse(l))
    expect(lines[0]).toMatchObject({ intentId: record.intentId, status: 'EXECUTING', final: false })
    // Each leg's progress is printed as it changes.
    const legs = lines.filter((l) => 'legs' in l)
    expect(legs.length).toBeGreaterThan(0)
    expect(legs.at(-1).legs).toHaveProperty('destination')
    expect(lines[lines.length - 1]).toMatchObject({ status: 'SUCCEEDED', final: true })
  })

  it('--base-url without the key in the environment, and a wrong key, give clear messages', async () => {
    const none = await run(['lookup', BIG_AMOUNT_INTENT_ID, '--base-url', sim.url], {})
    expect(none.code).toBe(EXIT.error)
    expect(none.err).toContain('Set INTENT_EXPLORER_ACCESS_KEY')
    const wrong = await run(['lookup', BIG_AMOUNT_INTENT_ID, '--base-url', sim.url], { INTENT_EXPLORER_ACCESS_KEY: 'nope' })
    expect(wrong.code).toBe(EXIT.error)
    expect(wrong.err).not.toContain('nope')
    // A watch stopped by the service says so the same way.
    const watched = await run(['watch', BIG_AMOUNT_INTENT_ID, '--base-url', sim.url], { INTENT_EXPLORER_ACCESS_KEY: 'nope' })
    expect(watched.code).toBe(EXIT.error)
    expect(watched.err).toContain('INTENT_EXPLORER_ACCESS_KEY')
    expect(watched.err).not.toMatch(/Settings|nope/)
  })

  it('--profile uses a profile saved by the app, by name, with its saved key', async () => {
    writeFileSync(join(dataDir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [{ id: 'p1', name: 'Staging', baseUrl: sim.url }], activeProfileId: 'simulator' }))
    writeFileSync(join(dataDir, 'access-keys.json'), JSON.stringify({ version: 1, keys: [{ profileId: 'p1', format: 'plain', value: 'cli-key' }] }), { mode: 0o600 })
    const r = await run(['lookup', BIG_AMOUNT_INTENT_ID, '--json', '--profile', 'staging'], {})
    expect(r.code).toBe(EXIT.ok)
    expect(JSON.parse(r.out)[0].intentId).toBe(BIG_AMOUNT_INTENT_ID)
    const missing = await run(['lookup', BIG_AMOUNT_INTENT_ID, '--profile', 'Nope'], {})
    expect(missing.err).toContain('There is no profile “Nope”. Profiles: “Simulator”, “Staging”.')
  })
})

describe('the environment key on the command line', () => {
  let capture: Server
  let captureUrl: string
  const captured: Array<{ path: string; key: string | undefined }> = []
  let dir: string

  beforeAll(async () => {
    capture = createServer((req, res) => {
      captured.push({ path: req.url ?? '', key: req.headers['x-access-key'] as string | undefined })
      req.resume()
      res.writeHead(401, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ error: 'Unauthorized', code: 1, msg: 'who are you', status: 401 }))
    })
    await new Promise<void>((done) => capture.listen(0, '127.0.0.1', done))
    captureUrl = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`
    dir = mkdtempSync(join(tmpdir(), 'cli-key-'))
    // The real profile, and an imported look-alike pointing at a capture server, left active.
    const profiles = [
      { id: 'prod', name: 'Production', baseUrl: sim.url },
      { id: 'imp', name: 'Production (imported)', baseUrl: captureUrl },
    ]
    writeFileSync(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles, activeProfileId: 'imp' }))
  })
  afterAll(async () => {
    await new Promise<void>((done) => capture.close(() => done()))
    rmSync(dir, { recursive: true, force: true })
  })

  const inDir = (argv: string[], env: Record<string, string>) => run(argv, { INTENT_EXPLORER_DATA: dir, ...env })

  it('goes to no profile unless confined, and the refusal names the profile’s origin', async () => {
    const r = await inDir(['history', '--limit', '5'], { INTENT_EXPLORER_ACCESS_KEY: 'cli-key' })
    expect(r.code).toBe(EXIT.error)
    expect(r.err).toContain(`“Production (imported)” at ${captureUrl}`)
    expect(r.err).toContain(`INTENT_EXPLORER_ACCESS_KEY_ORIGIN=${captureUrl}`)
    expect(r.err).not.toContain('cli-key')
    expect(captured).toEqual([])
  })

  it('goes only to the origin it is confined to, by origin or by a profile’s origin', async () => {
    const bySim = { INTENT_EXPLORER_ACCESS_KEY: 'cli-key', INTENT_EXPLORER_ACCESS_KEY_ORIGIN: sim.url }
    // The active look-alike is elsewhere: refused before anything is sent.
    expect((await inDir(['history', '--limit', '5'], bySim)).code).toBe(EXIT.error)
    expect(captured).toEqual([])
    const real = await inDir(['lookup', BIG_AMOUNT_INTENT_ID, '--json', '--profile', 'Production'], bySim)
    expect(real.code).toBe(EXIT.ok)
    expect(JSON.parse(real.out)[0].intentId).toBe(BIG_AMOUNT_INTENT_ID)
    // Named by profile alone: bound to that profile's origin; the look-alike gets nothing.
    const byProfile = { INTENT_EXPLORER_ACCESS_KEY: 'cli-key', INTENT_EXPLORER_ACCESS_KEY_PROFILE: 'prod' }
    expect((await inDir(['lookup', BIG_AMOUNT_INTENT_ID, '--json', '--profile', 'prod'], byProfile)).code).toBe(EXIT.ok)
    expect((await inDir(['history', '--limit', '5'], byProfile)).code).toBe(EXIT.error)
    expect(captured.filter((c) => c.key !== undefined)).toEqual([])
  })
})
