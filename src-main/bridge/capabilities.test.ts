import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CAPABILITY_OPERATIONS } from '../../src-shared/contract/service/extras'
import { FileKeyStore } from '../settings/keystore'
import { startAppCore, type AppCore } from './appCore'

/** The operations beyond the spec through the bridge: learnt per profile, used where present, absent without harm. */
const dirs: string[] = []
const start = async (extras: boolean) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ie-caps-'))
  dirs.push(dataDir)
  return startAppCore({
    runtime: 'host',
    version: 'test',
    dataDir,
    keyStore: FileKeyStore.open(join(dataDir, 'access-keys.json'), {}),
    simulator: { seed: 1, intents: 20, extras, startAt: Date.now() },
  })
}
let full: AppCore
let bare: AppCore
beforeAll(async () => {
  ;[full, bare] = await Promise.all([start(true), start(false)])
})
afterAll(async () => {
  await Promise.all([full.stop(), bare.stop()])
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

describe('capabilities through the bridge', () => {
  it('learns which optional operations the service answers, once, and again on refresh', async () => {
    const first = await full.handlers.getCapabilities({})
    expect(first.ok && Object.values(first.value.operations)).toEqual(CAPABILITY_OPERATIONS.map(() => 'available'))
    const again = await full.handlers.getCapabilities({})
    expect(again.ok && first.ok && again.value.checkedAt).toBe(first.ok && first.value.checkedAt)
    await new Promise((r) => setTimeout(r, 5))
    const refreshed = await full.handlers.getCapabilities({ refresh: true })
    expect(refreshed.ok && first.ok && refreshed.value.checkedAt > first.value.checkedAt).toBe(true)
    const none = await bare.handlers.getCapabilities({})
    expect(none.ok && Object.values(none.value.operations)).toEqual(CAPABILITY_OPERATIONS.map(() => 'absent'))
  })

  it('gives the service’s token prices, or says plainly that it has none', async () => {
    const usdc = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
    const r = await full.handlers.getTokenPrices({ tokens: [{ chainId: 8453, contractAddress: usdc }] })
    expect(r).toMatchObject({ ok: true, value: { data: { prices: [{ chainId: 8453, priceUsd: 1 }] } } })
    const absent = await bare.handlers.getTokenPrices({ tokens: [{ chainId: 8453, contractAddress: usdc }] })
    expect(absent).toMatchObject({ ok: false, error: { kind: 'NotFound', operation: 'GetTokenPrices' } })
    expect(!absent.ok && absent.error.message).toMatch(/does not offer GetTokenPrices \(an optional operation beyond the spec\)/)
  })

  it('measures the service’s clock against this machine’s', async () => {
    const r = await full.handlers.getServiceClock({})
    expect(r.ok && Math.abs(r.value.skewMs)).toBeLessThan(2000)
    const absent = await bare.handlers.getServiceClock({})
    expect(absent).toMatchObject({ ok: false, error: { kind: 'NotFound', operation: 'Clock' } })
  })
})
