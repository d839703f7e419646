import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseJsonLossless } from '../../../src-shared/contract/losslessJson'
import { NOT_PLAIN, YieldGetMarketsResponseSchema, YieldMarketSchema, opt, refusedFieldsOf, text } from '../../../src-shared/contract/service'
import { buildCatalog, marketAt } from '../../../tools/simulator/markets'
import { SvcFailure } from '../../../src-shared/contract/errors'
import { SvcClient } from '../client'
import type { FetchLike } from '../transport'
import { decodeAnswer } from './decode'
import { decodePlain, plainReader } from './plainRead'
import { decodeYieldMarkets } from './yield'

const catalog = buildCatalog(1).all
const T0 = Date.UTC(2026, 10, 1)
/** Every simulator market at an instant, as the service writes it (JSON text read losslessly). */
const marketsAt = (t: number): unknown[] =>
  parseJsonLossless(JSON.stringify(catalog.map((e, i) => marketAt(e, t + i * 60_000).market))) as unknown[]

/** The value and its key order, as the raw view would show it. */
const same = (a: unknown, b: unknown) => {
  expect(a).toStrictEqual(b)
  expect(JSON.stringify(a)).toBe(JSON.stringify(b))
}

const rand = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
  return seed / 2_147_483_648
}

/** Every path to a value inside `v`. */
function paths(v: unknown, at: PropertyKey[] = [], out: PropertyKey[][] = []): PropertyKey[][] {
  if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) paths(x, [...at, Array.isArray(v) ? Number(k) : k], out)
  }
  if (at.length) out.push(at)
  return out
}

function withValue(v: unknown, path: PropertyKey[], value: unknown): unknown {
  const copy = structuredClone(v) as Record<PropertyKey, unknown>
  let o = copy
  for (const k of path.slice(0, -1)) o = o[k as string] as Record<PropertyKey, unknown>
  o[path[path.length - 1] as string] = value
  return copy
}

const JUNK: unknown[] = [null, 7, -1, 300, 1.5, '', 'x', '12', '1e3', '-0', 'solana', 'ﬀ', '0x\u202eab', true, [], {}, [1], { a: 1 }, '9'.repeat(201), 2 ** 60]

describe('plainReader', () => {
  it('exists for the market answers (a schema change it cannot follow would switch it off)', () => {
    expect(plainReader(YieldGetMarketsResponseSchema)).toBeTypeOf('function')
    expect(plainReader(z.array(YieldMarketSchema))).toBeTypeOf('function')
    expect(plainReader(z.union([z.string(), z.number()]))).toBeNull()
    expect(plainReader(z.object({ a: text }).refine(() => true))).toBeNull()
  })

  it('gives what the schema gives for every simulator market, at several instants', () => {
    const read = plainReader(YieldGetMarketsResponseSchema)!
    for (const t of [T0, T0 + 3_600_000, T0 + 40 * 86_400_000]) {
      const page = { items: marketsAt(t), total: catalog.length, offset: 0, limit: catalog.length }
      const plain = read(page)
      expect(plain).not.toBe(NOT_PLAIN)
      same(plain, YieldGetMarketsResponseSchema.parse(page))
    }
  })

  it('keeps the schema’s forms: null as an absent value, unknown fields, exact long numbers, numeric text, non-EVM chains', () => {
    const answer = parseJsonLossless(
      '{"items":[{"id":"a","network":null,"chainId":"solana","extra":{"k":[1]},"token":{"decimals":"6","symbol":"U"},' +
        '"statistics":{"tvl":123456789012345678901234.5,"tvlUsd":"1e3","uniqueUsers":"12"},"rewardRate":{"total":"0.05","components":null}},' +
        '{"id":"b","chainId":8453}],"total":"2","offset":0,"limit":2,"dropped":true}',
    )
    const plain = decodePlain(YieldGetMarketsResponseSchema, answer)
    same(plain, { ok: true, value: YieldGetMarketsResponseSchema.parse(answer) })
    const first = plain.ok ? plain.value.items[0] : undefined
    expect(first).toMatchObject({ id: 'a', network: 'solana', extra: { k: [1] }, token: { decimals: 6 } })
    expect(first?.statistics).toMatchObject({ tvl: '123456789012345678901234.5', tvlUsd: '1000', uniqueUsers: 12 })
    expect(plain.ok && 'dropped' in plain.value).toBe(false)
    expect(decodePlain(z.object({ a: opt(text) }), { a: null })).toEqual({ ok: true, value: { a: undefined } })
    expect(plainReader(YieldGetMarketsResponseSchema)!({ items: null, total: 0, offset: 0, limit: 1 })).toEqual({ items: [], total: 0, offset: 0, limit: 1 })
  })

  it('never passes what the schema refuses, and never differs from what it accepts (random damage to real markets)', () => {
    const read = plainReader(YieldMarketSchema)!
    const next = rand(34)
    const markets = marketsAt(T0)
    let refused = 0
    for (let n = 0; n < 1_500; n++) {
      const m = markets[Math.floor(next() * markets.length)]
      const all = paths(m)
      const path = all[Math.floor(next() * all.length)]
      const damaged = withValue(m, path, JUNK[Math.floor(next() * JUNK.length)])
      const plain = read(damaged)
      const parsed = YieldMarketSchema.safeParse(damaged)
      if (!parsed.success) {
        refused++
        expect(plain, `${path.join('.')} → ${JSON.stringify(valueAt(damaged, path))}`).toBe(NOT_PLAIN)
      } else if (plain !== NOT_PLAIN) same(plain, parsed.data)
    }
    expect(refused).toBeGreaterThan(250)
  })

  it('leaves a malformed market answer to the schema: refused or trimmed exactly as before', () => {
    const good = marketsAt(T0).slice(0, 3) as Array<Record<string, unknown>>
    const hostile: unknown[] = [
      { items: [{ ...good[0], id: 7 }, good[1]], total: 2, offset: 0, limit: 2 },
      { items: [{ ...good[0], token: { decimals: 300 } }], total: 1, offset: 0, limit: 1 },
      { items: [{ ...good[0], chainId: -1 }], total: 1, offset: 0, limit: 1 },
      { items: [{ ...good[0], outputToken: { address: '0xаbc' } }], total: 1, offset: 0, limit: 1 },
      { items: [{ ...good[0], statistics: { tvl: 'lots' } }], total: 1, offset: 0, limit: 1 },
      { items: good, total: 'many', offset: 0, limit: 3 },
      { items: 'none', total: 0, offset: 0, limit: 3 },
      { items: good },
      JSON.parse('{"items":[{"id":"a","__proto__":{"x":1}}],"total":1,"offset":0,"limit":1}'),
      [good[0]],
      null,
    ]
    for (const body of hostile) {
      expect(plainReader(YieldGetMarketsResponseSchema)!(body)).toBe(NOT_PLAIN)
      same(decodeYieldMarkets(body, {}), decodeAnswer(YieldGetMarketsResponseSchema, body))
    }
    expect(decodeYieldMarkets(hostile[5], {})).toMatchObject({ ok: false, path: 'total' })
    const trimmed = decodeYieldMarkets(hostile[0], {})
    expect(trimmed.ok && trimmed.value.items.map((m) => m.id)).toEqual([good[1].id])
    // The payload form: a bare array with a bad market goes to the schema too.
    const payload = { payload: JSON.stringify([good[0], { ...good[1], rewardRate: { total: 'high' } }]) }
    same(decodeYieldMarkets(payload, {}), decodeAnswerOfPayload(payload))
  })
})

describe('market answers through the client', () => {
  const answering = (body: unknown): SvcClient => {
    const fetch: FetchLike = async () => ({
      status: 200,
      headers: { get: (h: string) => (h.toLowerCase() === 'content-type' ? 'application/json' : null) },
      text: async () => JSON.stringify(body),
    })
    return new SvcClient({ baseUrl: 'http://service.invalid', getAccessKey: () => 'sk-test-0123456789abcdef', fetch, retry: { sleep: async () => {} } })
  }
  const good = () => marketsAt(T0).slice(0, 2) as Array<Record<string, unknown>>

  it('reads a well-formed page as the schema would', async () => {
    const body = { items: good(), total: 2, offset: 0, limit: 2 }
    same(await answering(body).yieldGetMarkets({ limit: 2 }), YieldGetMarketsResponseSchema.parse(body))
  })

  it('refuses a hostile page with a clear error naming the field', async () => {
    const e = await answering({ items: good(), total: { $gt: 1 }, offset: 0, limit: 2 })
      .yieldGetMarkets({ limit: 2 })
      .catch((x: unknown) => x)
    expect(e).toBeInstanceOf(SvcFailure)
    expect((e as SvcFailure).error).toMatchObject({ kind: 'BadResponse', operation: 'YieldGetMarkets', path: 'total' })
  })

  it('drops a market without a usable id and says so, keeping the rest', async () => {
    const [a, b] = good()
    const page = await answering({ items: [{ ...a, id: ['x'] }, b], total: 2, offset: 0, limit: 2 }).yieldGetMarkets({ limit: 2 })
    expect(page.items.map((m) => m.id)).toEqual([b.id])
    expect(refusedFieldsOf(page)).toEqual([expect.objectContaining({ field: 'items[0]' })])
  })
})

function valueAt(v: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((o, k) => (o as Record<PropertyKey, unknown>)[k as string], v)
}

/** What the decoder gave before there was a plain reader: the schema over the payload's array. */
function decodeAnswerOfPayload(body: { payload: string }) {
  const items = decodeAnswer(z.array(YieldMarketSchema), parseJsonLossless(body.payload), ['payload'])
  return items.ok ? { ok: true, value: { items: items.value, offset: 0, limit: items.value.length } } : items
}
