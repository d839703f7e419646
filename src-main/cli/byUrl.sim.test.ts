import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { EXIT, runCli } from './main'

/** The command line against a service in the deployed wire form, given by URL and wire options. */
let sim: RunningSimulator
let dataDir: string
const DEPLOYED = { serviceName: 'Orbit', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' as const }

beforeAll(async () => {
  sim = await startSimulator({ port: 0, intents: 200, accessKeys: ['cli-key'], waitTimeoutMs: 500, dialect: DEPLOYED })
  dataDir = mkdtempSync(join(tmpdir(), 'cli-url-'))
})
afterAll(async () => {
  await sim.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function run(argv: string[], key = 'cli-key') {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, { out: (t) => out.push(t), err: (t) => err.push(t), env: { INTENT_EXPLORER_DATA: dataDir, INTENT_EXPLORER_ACCESS_KEY: key } })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('npm run cli -- … --base-url with the wire options', () => {
  it('reaches a deployed-form service under its own name, with string big integers', async () => {
    const record = sim.dataset.records[2]
    const r = await run(['lookup', record.intentId, '--json', '--base-url', sim.url, '--service-name', 'Orbit', '--rename', 'priceFeedId=oracleFeedId'])
    expect(r.err).toBe('')
    expect(r.code).toBe(EXIT.ok)
    expect([JSON.parse(r.out)].flat()[0].intentId).toBe(record.intentId)

    const h = await run(['history', '--limit', '5', '--json', '--base-url', sim.url, '--service-name', 'Orbit'])
    expect(h.code).toBe(EXIT.ok)
    expect(JSON.parse(h.out)).toHaveLength(5)
  })

  it('without them, says the route is unknown and points to the options, not to Settings', async () => {
    const r = await run(['lookup', sim.dataset.records[2].intentId, '--base-url', sim.url])
    expect(r.code).toBe(EXIT.error)
    expect(r.err).toMatch(/does not support/)
    expect(r.err).toMatch(/--service-name/)
    expect(r.err).not.toMatch(/Settings/)
  })

  it('a rejected key names the environment variable, not Settings', async () => {
    const r = await run(['lookup', sim.dataset.records[2].intentId, '--base-url', sim.url, '--service-name', 'Orbit'], 'wrong-key')
    expect(r.code).toBe(EXIT.error)
    expect(r.err).toMatch(/INTENT_EXPLORER_ACCESS_KEY/)
    expect(r.err).not.toMatch(/Settings/)
  })
})
