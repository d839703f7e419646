import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { dialectRenames, type WireDialect } from '../../src-shared/contract/dialect'
import { startSimulator, type RunningSimulator } from '../../tools/simulator'
import { servedRenames } from '../../tools/simulator/renames'
import { WIRE_ERRORS } from '../../tools/simulator/wireCatalogue'
import { SvcClient } from './client'
import { httpFailure } from './errors'
import { lookupServiceError, SERVICE_ERRORS } from './errorCatalogue'

/**
 * The client's catalogue against the simulator's own copy of the deployed one (two
 * tables kept apart on purpose), and each entry served over HTTP and read back.
 */
const DEPLOYED: WireDialect = { serviceName: 'Orbit', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' }
let sim: RunningSimulator
beforeAll(async () => {
  sim = await startSimulator({ intents: 20, admin: true, dialect: DEPLOYED })
})
afterAll(() => sim.stop())

const client = () => new SvcClient({ baseUrl: sim.url, dialect: DEPLOYED, getAccessKey: () => 'demo-key', retry: { attempts: 1 } })
const setFaults = (spec: string) =>
  fetch(`${sim.url}/__sim/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ spec }) }).then((r) => expect(r.status).toBe(200))

async function failure(p: Promise<unknown>): Promise<SvcError> {
  const e = await p.then(() => undefined, (x: unknown) => x)
  expect(e).toBeInstanceOf(SvcFailure)
  return (e as SvcFailure).error
}

describe('the deployed error catalogue', () => {
  it('the client knows every error the service publishes, by the same name, code and HTTP status', () => {
    expect(WIRE_ERRORS.length).toBeGreaterThanOrEqual(40)
    const client = SERVICE_ERRORS.map((e) => [e.name, e.code, e.status])
    expect(client).toEqual(WIRE_ERRORS.map((e) => [e.name, e.code, e.status]))
    expect(new Set(SERVICE_ERRORS.map((e) => e.code)).size).toBe(SERVICE_ERRORS.length)
  })

  it('each served error reaches the person with its meaning, name and code, whatever HTTP status it came with', async () => {
    for (const entry of WIRE_ERRORS.filter((e) => e.code > 0 && e.status !== 200)) {
      await setFaults(`catalogued=1:code=${entry.code}@GetChains`)
      const e = await failure(client().getChains())
      const known = lookupServiceError(entry.name, entry.code)!
      expect(e, entry.name).toMatchObject({ kind: known.kind, name: entry.name, code: entry.code, status: entry.status })
      if (known.kind !== 'RateLimited' && !(known.kind === 'Unauthorized' && entry.status === 401)) expect(e.message).toContain(`${entry.name} ${entry.code}`)
      if (entry.name !== 'InvalidArgument') expect(e.message, entry.name).not.toMatch(/check the values entered/)
    }
    await setFaults('')
  })

  it('Geoblocked (1006, 451) says the region is refused, not that the values are wrong', async () => {
    await setFaults('catalogued=1:code=1006@GetChains')
    const e = await failure(client().getChains())
    await setFaults('')
    expect(e).toMatchObject({ kind: 'Unauthorized', status: 451, name: 'Geoblocked' })
    expect(e.message).toMatch(/region/)
  })

  it('an error the app does not know is shown as sent, name and code, without advice meant for a bad value', () => {
    const ctx = { operation: 'GetIntent', baseUrl: 'https://svc', keySent: true }
    const e = httpFailure(ctx, 400, { get: () => null }, '{"error":"QuotaWobble","code":1250,"msg":"quota wobbling","status":400}')
    expect(e.message).toContain('QuotaWobble (1250)')
    expect(e.message).toContain('quota wobbling')
    expect(e.message).not.toMatch(/check the values entered/)
    expect(e).toMatchObject({ name: 'QuotaWobble', code: 1250 })
    const codeOnly = httpFailure(ctx, 503, { get: () => null }, '{"code":4321,"msg":"x"}')
    expect(codeOnly).toMatchObject({ kind: 'Unavailable' })
    expect(codeOnly.message).toContain('error code 4321')
  })

  it('the simulator derives the deployed field names on its own, and they agree with the client’s', () => {
    for (const d of [DEPLOYED, { ...DEPLOYED, serviceName: 'acme' }, { serviceName: 'Svc', renames: [{ neutral: 'a', wire: 'b' }], bigInts: 'number' as const }]) {
      expect([...servedRenames(d)].sort()).toEqual([...dialectRenames(d)].sort())
    }
  })
})
