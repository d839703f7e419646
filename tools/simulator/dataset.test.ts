import { describe, expect, it } from 'vitest'
import { CHAINS } from './chains'
import { BIG_AMOUNT, BIG_AMOUNT_INTENT_ID, HEAVY_OWNER_ADDRESS, SIM_EPOCH_MS, generateDataset } from './generate'
import { historyEntry } from './materialise/receipt'
import { intentObject } from './materialise/intent'
import { PROVIDER_CODES } from './providers'
import { INTENT_STATUSES, allTxHashes, isRecoverable, type IntentRecord } from './records'
import { toJson } from './wire'

const gen = (seed: number, intents: number, startAt = SIM_EPOCH_MS) => generateDataset({ seed, intents, startAt, commitWindowMs: 600_000 })

/** The records in full, plus what a client sees of every 25th intent, as one text. */
const snapshot = (records: readonly IntentRecord[]) =>
  toJson(records) + records.filter((_, i) => i % 25 === 0).map((r) => toJson([intentObject(r), historyEntry(r, true)])).join('\n')

describe('generated dataset', () => {
  const ds = gen(7, 8_000)
  const records = ds.records

  it('is the same for the same seed and differs for another seed', () => {
    expect(snapshot(gen(7, 8_000).records) === snapshot(records)).toBe(true)
    const other = gen(8, 8_000).records
    expect(other.filter((r, i) => r.intentId === records[i].intentId).length).toBeLessThan(2)
  })

  it('only shifts timestamps when the start moves', () => {
    const shifted = gen(7, 500, SIM_EPOCH_MS + 86_400_000).records
    const base = gen(7, 500).records
    shifted.forEach((r, i) => {
      expect(r.intentId).toBe(base[i].intentId)
      expect(r.originAmount).toBe(base[i].originAmount)
      expect(r.status).toBe(base[i].status)
      expect(r.createdAt - base[i].createdAt).toBe(86_400_000)
    })
  })

  it('has ids ascending with unique createdAt, all before the start', () => {
    for (let i = 1; i < records.length; i++) expect(records[i].createdAt).toBeGreaterThan(records[i - 1].createdAt)
    expect(records.every((r) => r.createdAt <= SIM_EPOCH_MS && r.updatedAt <= SIM_EPOCH_MS)).toBe(true)
    expect(new Set(records.map((r) => r.intentId)).size).toBe(records.length)
    expect(records.every((r) => /^0x[0-9a-f]{64}$/.test(r.intentId) && /^0x[0-9a-f]{40}$/.test(r.originIntentAddress))).toBe(true)
  })

  it('covers every status, both edge modes, many chains and every provider', () => {
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(INTENT_STATUSES))
    expect(new Set(records.filter((r) => r.edge).map((r) => r.edge!.mode))).toEqual(new Set(['ORIGIN', 'DESTINATION']))
    expect(new Set(records.map((r) => r.originChainId)).size).toBeGreaterThanOrEqual(CHAINS.length - 2)
    expect(records.some((r) => CHAINS.find((c) => c.id === r.originChainId)!.isTestnet)).toBe(true)
    const used = new Set(records.flatMap((r) => [r.swapProvider, r.bridgeProvider]))
    expect(used).toEqual(new Set(PROVIDER_CODES))
    expect(new Set(records.map((r) => r.projectId)).size).toBeGreaterThanOrEqual(5)
  })

  it('keeps every status even in a tiny dataset', () => {
    expect(new Set(gen(3, 20).records.map((r) => r.status))).toEqual(new Set(INTENT_STATUSES))
  })

  // The 5000 cap is checked on a 20,000-intent dataset in history.test.ts.
  it('gives the heavy owner a quarter of a small dataset and others from one to hundreds', () => {
    const counts = ds.ownerCounts()
    expect(counts.get(HEAVY_OWNER_ADDRESS)).toBe(2000)
    const others = [...counts].filter(([a]) => a !== HEAVY_OWNER_ADDRESS).map(([, c]) => c)
    expect(Math.min(...others)).toBe(1)
    expect(Math.max(...others)).toBeGreaterThan(100)
  })

  it('puts the documented big amount on intent id 1', () => {
    const r = ds.get(BIG_AMOUNT_INTENT_ID)!
    expect(r.idx).toBe(0)
    expect(r.originAmount).toBe(BIG_AMOUNT)
    expect(r.originToken.decimals).toBe(18)
    expect(toJson(intentObject(r))).toContain('"originTokenAmount":1234567890123456789012')
  })

  it('has plenty of amounts beyond 2^53', () => {
    const big = records.filter((r) => r.originAmount > BigInt(Number.MAX_SAFE_INTEGER))
    expect(big.length).toBeGreaterThan(records.length / 10)
  })

  it('keeps receipts consistent with statuses', () => {
    for (const r of records) {
      const legs = r.legs
      if (r.status === 'SUCCEEDED') expect([legs.deposit, legs.origin, legs.destination]).toEqual(['MINED', 'MINED', 'MINED'])
      if (r.status === 'FAILED') expect(r.statusReason).toBeTruthy()
      if (r.status === 'REFUNDED') expect(legs.refund).toBe('MINED')
      if (r.status === 'QUOTED' || r.status === 'INVALID') expect(Object.values(legs).every((s) => s === 'NONE')).toBe(true)
      if (r.status === 'EXECUTING') expect(legs.deposit).not.toBe('NONE')
      if (r.executedAt) {
        expect(r.expiresAt).toBe(r.committedAt + 600_000)
        expect(r.executedAt).toBeLessThanOrEqual(r.expiresAt)
        expect(r.executedAt).toBeGreaterThanOrEqual(r.committedAt)
      }
    }
    expect(records.filter(isRecoverable).length).toBeGreaterThan(100)
  })

  it('indexes every transaction hash to its intent', () => {
    const hashes = records.flatMap((r) => allTxHashes(r).map((h) => [h, r] as const))
    expect(new Set(hashes.map(([h]) => h)).size).toBe(hashes.length)
    for (const [h, r] of hashes.slice(0, 2000)) expect(ds.byTransactionHash(h.toUpperCase().replace('0X', '0x'))).toBe(r)
  })

  it('materialises failed receipts with the reason on the origin transaction', () => {
    const failed = records.find((r) => r.status === 'FAILED' && r.outcome === 'FAIL_DESTINATION')!
    const receipt = historyEntry(failed, false).receipt
    expect(receipt.originTransaction?.statusReason).toBe(failed.statusReason)
    expect(receipt.destinationTransaction?.statusReason).toBe(failed.statusReason)
  })
})
