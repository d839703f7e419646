import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSimulator, type RunningSimulator } from '../simulator'
import { doctor, KEY_VARIABLE, parseDoctorArgs, UsageError } from './cli'

const DEPLOYED = { serviceName: 'Orbit', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' as const }
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
      expect(lines).toEqual([...OPERATIONS.map((op) => `OK ${op}`), '9 passed, 0 failed'])
      expect(code).toBe(0)
    }
  })

  it('fails, naming the reason, when the service name does not match, and exits non-zero', async () => {
    const { code, lines } = await run(['--base-url', deployed.url])
    expect(code).toBe(1)
    expect(lines[0]).toMatch(/^FAIL GetChains: .*does not support GetChains.*service name/)
    expect(lines.at(-1)).toBe('0 passed, 9 failed')
  })

  it('fails without the right key', async () => {
    const { code, lines } = await run(['--base-url', spec.url], 'wrong-key')
    expect(code).toBe(1)
    expect(lines[0]).toMatch(/^FAIL GetChains: The access key was rejected/)
  })

  it('never takes the key from the command line, and checks its arguments', () => {
    expect(() => parseDoctorArgs(['--base-url', spec.url, '--access-key', 'k'])).toThrow(/never taken from the command line/)
    expect(() => parseDoctorArgs([])).toThrow(UsageError)
    expect(() => parseDoctorArgs(['--base-url', spec.url, '--rename', 'x'])).toThrow(/neutral=wire/)
    expect(parseDoctorArgs(['--base-url', spec.url]).dialect).toEqual({ serviceName: 'Svc', renames: [], bigInts: 'number' })
    expect(parseDoctorArgs(['--base-url', spec.url, '--service-name', 'Orbit']).dialect.bigInts).toBe('string')
  })

  it('as a command: reads the key from the environment and exits with the result', async () => {
    const tsx = join(__dirname, '../../node_modules/.bin/tsx')
    const child = spawn(tsx, [join(__dirname, 'cli.ts'), '--base-url', deployed.url, '--service-name', 'Orbit'], {
      env: { ...process.env, [KEY_VARIABLE]: 'demo-key' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c))
    const [code] = await once(child, 'exit')
    expect(out.trim().split('\n').at(-1)).toBe('9 passed, 0 failed')
    expect(code).toBe(0)
  }, 30_000)
})
