import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SvcFailure, type SvcError } from '../../src-shared/contract/errors'
import { SvcClient } from './client'

/** Answers each request with the next body of the script (200), counting them. */
let bodies: string[] = []
let served = 0
let server: Server
let url = ''
beforeAll(async () => {
  server = createServer((_req, res) => {
    const body = bodies[Math.min(served++, bodies.length - 1)]
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

const client = () => new SvcClient({ baseUrl: url, getAccessKey: () => 'test-access-key-0123456789', retry: { sleep: async () => {} } })
const answer = (script: string[]) => ((bodies = script), (served = 0))
async function failure(p: Promise<unknown>): Promise<SvcError> {
  const e = await p.then(() => undefined, (x: unknown) => x)
  expect(e).toBeInstanceOf(SvcFailure)
  return (e as SvcFailure).error
}

describe('an empty 200 answer', () => {
  it('is said to be empty, naming no field, after a read is asked once more', async () => {
    for (const empty of ['', 'null', '{}']) {
      answer([empty])
      const e = await failure(client().getIntent({ intentId: 'abc' }))
      expect(e, empty).toMatchObject({ kind: 'BadResponse', emptyBody: true, operation: 'GetIntent' })
      expect(e.message).toMatch(/answered GetIntent with an empty body/)
      expect(e.message).not.toMatch(/`intent`/)
      expect(served, empty).toBe(2)
    }
  })

  it('a read that answers the second time is not an error', async () => {
    answer(['', '{"chains":[]}'])
    await expect(client().getChains()).resolves.toEqual({ chains: [] })
    expect(served).toBe(2)
  })

  it('a call that changes state is not asked twice', async () => {
    answer([''])
    const e = await failure(client().executeIntent({ intentId: 'abc' }))
    expect(e.emptyBody).toBe(true)
    expect(served).toBe(1)
  })
})
