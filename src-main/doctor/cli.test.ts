import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { doctor, parseDoctorArgs } from './cli'
import { UsageError } from '../service/wireFlags'
import { CLI_KEY_ENV } from '../settings/envKey'

const DEPLOYED = { serviceName: 'Orbit', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' as const }
/** The optional operations the simulator answers, as the doctor lists them. */
const OPTIONAL = 'OK Optional operations: available: Ping, RuntimeStatus, Clock, GetTokenPrices, AbortIntent, GetIntentTransactionHistory, GetExactInputRoutes, GetExactOutputRoutes'

/** The doctor's lines after the heading: each read operation, the optional ones, each history filter, the total. */
function expectAllPassed(lines: string[]) {
  expect(lines.slice(0, OPERATIONS.length)).toEqual(OPERATIONS.map((op) => `OK ${op}`))
  expect(lines).toContain(OPTIONAL)
  for (const op of ['Ping', 'RuntimeStatus']) expect(lines).toContain(`OK ${op}`)
  expect(lines.find((l) => l.startsWith('OK Clock') || l.startsWith('WARN Clock'))).toBeDefined()
  const filters = lines.filter((l) => / filter /.test(` ${l}`))
  expect(filters.length).toBeGreaterThanOrEqual(10)
  for (const l of filters) expect(l).toMatch(/^(OK filter \w+: applied|WARN filter \w+: not checked)/)
  expect(lines.at(-1)).toMatch(/^\d+ passed, 0 failed/)
}

const OPERATIONS = [
  'GetChains',
  'YieldGetMarkets',
  'GetEarnPools',
  'GetIntentHistory',
  'GetIntent',
  'GetIntentReceipt',
  'SearchIntents',
  'WaitIntentReceipt',
  'YieldGetAggregateBalances',
]

let spec: RunningSimulator
let deployed: RunningSimulator
beforeAll(async () => {
  ;[spec, deployed] = await Promise.all([startSimulator({ intents: 100 }), startSimulator({ intents: 100, dialect: DEPLOYED })])
})
afterAll(async () => {
  await Promise.all([spec.stop(), deployed.stop()])
})

const run = async (args: string[], key: string | undefined = 'demo-key') => {
  const lines: string[] = []
  const code = await doctor(parseDoctorArgs(args), key, (l) => lines.push(l))
  return { code, lines: lines.slice(1) }
}

describe('npm run doctor', () => {
  it('passes every read operation against the spec form and the deployed form', async () => {
    const a = await run(['--base-url', spec.url])
    const b = await run(['--base-url', deployed.url, '--service-name', 'Orbit', '--rename', 'priceFeedId=oracleFeedId'])
    for (const { code, lines } of [a, b]) {
      expectAllPassed(lines)
      expect(code).toBe(0)
    }
  })

  it('fails, naming the reason, when the service name does not match, and exits non-zero', async () => {
    const { code, lines } = await run(['--base-url', deployed.url])
    expect(code).toBe(1)
    expect(lines[0]).toMatch(/^FAIL GetChains: .*does not support GetChains.*--service-name/)
    expect(lines.at(-1)).toBe('0 passed, 9 failed')
  })

  it('fails without the right key', async () => {
    const { code, lines } = await run(['--base-url', spec.url], 'wrong-key')
    expect(code).toBe(1)
    expect(lines[0]).toMatch(/^FAIL GetChains: The access key in INTENT_EXPLORER_ACCESS_KEY was rejected/)
  })

  it('never takes the key from the command line, and checks its arguments', () => {
    expect(() => parseDoctorArgs(['--base-url', spec.url, '--access-key', 'k'])).toThrow(/never taken on the command line/)
    expect(() => parseDoctorArgs([])).toThrow(UsageError)
    expect(() => parseDoctorArgs(['--base-url', spec.url, '--rename', 'x'])).toThrow(/neutral=wire/)
    expect(parseDoctorArgs(['--base-url', spec.url]).dialect).toEqual({ serviceName: 'Svc', renames: [], bigInts: 'number' })
    expect(parseDoctorArgs(['--base-url', spec.url, '--service-name', 'Orbit']).dialect.bigInts).toBe('string')
  })

})

/**
 * The two commands as a person runs them: `npm run sim` on 127.0.0.1 with a free port,
 * in the spec's form and in a deployed form, and `npm run doctor` against each, the key
 * only in the environment.
 */
describe('npm run doctor against npm run sim, as commands', () => {
  const tsx = join(__dirname, '../../node_modules/.bin/tsx')
  const key = `doctor-${randomUUID()}`
  const children: ChildProcess[] = []
  let specUrl = ''
  let deployedUrl = ''

  /** Starts the simulator command and resolves with its URL once it prints its listening line. */
  const sim = (flags: string[]) =>
    new Promise<string>((ok, fail) => {
      const child = spawn(tsx, [join(__dirname, '../../tools/simulator/cli.ts'), '--host', '127.0.0.1', '--port', '0', '--intents', '100', '--access-key', key, ...flags], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      children.push(child)
      let out = ''
      child.stdout.setEncoding('utf8').on('data', (c: string) => {
        out += c
        const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(out)
        if (m) ok(m[1])
      })
      child.once('exit', (code) => fail(new Error(`the simulator exited early with ${code}`)))
    })

  /** Runs the doctor command; its exit code and every line it printed. */
  const doctorCommand = async (args: string[]) => {
    const child = spawn(tsx, [join(__dirname, 'cli.ts'), ...args], { env: { ...process.env, [CLI_KEY_ENV.key]: key }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    const [code] = (await once(child, 'exit')) as [number | null]
    return { code, lines: out.trim().split('\n') }
  }

  beforeAll(async () => {
    ;[specUrl, deployedUrl] = await Promise.all([
      sim([]),
      sim(['--service-name', 'Orbit', '--rename', 'priceFeedId=oracleFeedId', '--rename', 'walletFactoryAddress=vendorFactoryAddress', '--big-ints', 'string']),
    ])
  }, 60_000)
  afterAll(async () => {
    await Promise.all(
      children.map(async (c) => {
        if (c.exitCode !== null) return
        const exited = once(c, 'exit')
        c.kill('SIGTERM')
        await exited
      }),
    )
  })

  it('passes against both forms, each with its own wire form, exiting 0', async () => {
    const runs = await Promise.all([
      doctorCommand(['--base-url', specUrl]),
      doctorCommand(['--base-url', deployedUrl, '--service-name', 'Orbit', '--rename', 'priceFeedId=oracleFeedId', '--rename', 'walletFactoryAddress=vendorFactoryAddress']),
    ])
    for (const { code, lines } of runs) {
      expectAllPassed(lines.slice(1))
      expect(code).toBe(0)
      expect(lines.join('\n')).not.toContain(key)
    }
  }, 60_000)

  it('fails against a wrong service name, either way round, with FAIL lines and a non-zero exit', async () => {
    const runs = await Promise.all([
      doctorCommand(['--base-url', deployedUrl, '--service-name', 'Svc']),
      doctorCommand(['--base-url', specUrl, '--service-name', 'Orbit']),
    ])
    for (const { code, lines } of runs) {
      expect(code).toBe(1)
      expect(lines.filter((l) => l.startsWith('FAIL '))).toHaveLength(OPERATIONS.length)
      expect(lines[1]).toMatch(/^FAIL GetChains: .*--service-name/)
      expect(lines.at(-1)).toBe(`0 passed, ${OPERATIONS.length} failed`)
    }
  }, 60_000)
})
