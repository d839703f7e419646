import fc from 'fast-check'
import type { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SvcFailure } from '../../src-shared/contract/errors'
import {
  CommitIntentResponseSchema,
  ExecuteIntentResponseSchema,
  GetChainsResponseSchema,
  GetEarnPoolsResponseSchema,
  GetIntentHistoryResponseSchema,
  GetIntentReceiptResponseSchema,
  GetIntentResponseSchema,
  QuoteIntentResponseSchema,
  SearchIntentsResponseSchema,
  WaitIntentReceiptResponseSchema,
  YieldGetAggregateBalancesResponseSchema,
  YieldGetMarketsResponseSchema,
} from '../../src-shared/contract/service'
import { mangleTypes } from '../../tools/simulator/faults'
import { BIG_AMOUNT_INTENT_ID, HEAVY_OWNER_ADDRESS, startSimulator, type RunningSimulator } from '../../tools/simulator'
import { SvcClient } from './client'
import { parseJsonLossless } from '../../src-shared/contract/losslessJson'
import { decodeWith } from '../../src-shared/contract/service'
import { REFUSED_FIELDS_KEY } from '../../src-shared/contract/service'

/**
 * Property tests of the answer normaliser: valid answers captured from the simulator are
 * bent in every way a broken or hostile service could bend them, and fed to the client.
 * Whatever arrives, a call resolves to a value that is already in normalised form (and
 * can cross the bridge), or fails with a typed BadResponse. Nothing else may escape.
 */

const KEY = 'fuzz-key-8d1e4c0b'
const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const USDC_ARBITRUM = '0xaf88d065e77c8cc2239327c5edb3a432268e5831'
/** Per captured answer; each run decodes a real-size answer, so this keeps the file to seconds. */
const RUNS = 40

interface Sample {
  name: string
  call: (c: SvcClient) => Promise<unknown>
  /** What a resolved value must still satisfy: normalised output parses to itself. */
  schema: z.ZodType
  /** The valid answer, as the simulator sent it. */
  text: string
}

const CALLS: Array<Omit<Sample, 'text'>> = [
  { name: 'GetIntent', call: (c) => c.getIntent({ intentId: BIG_AMOUNT_INTENT_ID }), schema: GetIntentResponseSchema },
  { name: 'SearchIntents', call: (c) => c.searchIntents({ byProjectId: 314 }), schema: SearchIntentsResponseSchema },
  {
    name: 'GetIntentHistory',
    call: (c) => c.getIntentHistory({ byOwnerAddress: HEAVY_OWNER_ADDRESS, includeBalances: true, page: { pageSize: 4 } }),
    schema: GetIntentHistoryResponseSchema,
  },
  { name: 'GetIntentReceipt', call: (c) => c.getIntentReceipt({ intentId: BIG_AMOUNT_INTENT_ID }), schema: GetIntentReceiptResponseSchema },
  {
    name: 'WaitIntentReceipt',
    call: (c) => c.waitIntentReceipt({ intentId: BIG_AMOUNT_INTENT_ID }),
    schema: WaitIntentReceiptResponseSchema,
  },
  {
    name: 'QuoteIntent',
    call: (c) =>
      c.quoteIntent({
        ownerAddress: HEAVY_OWNER_ADDRESS,
        originChainId: 8453,
        originTokenAddress: USDC_BASE,
        destinationChainId: 42161,
        destinationTokenAddress: USDC_ARBITRUM,
        originTokenAmount: '25000000',
      }),
    schema: QuoteIntentResponseSchema,
  },
  { name: 'CommitIntent', call: (c) => c.commitIntent({ intent: { intentId: BIG_AMOUNT_INTENT_ID } as never }), schema: CommitIntentResponseSchema },
  { name: 'ExecuteIntent', call: (c) => c.executeIntent({ intentId: BIG_AMOUNT_INTENT_ID }), schema: ExecuteIntentResponseSchema },
  { name: 'GetChains', call: (c) => c.getChains({}), schema: GetChainsResponseSchema },
  // A bare payload array of markets does not say how many there are: `total` stays unknown.
  { name: 'YieldGetMarkets', call: (c) => c.yieldGetMarkets({ limit: 6 }), schema: YieldGetMarketsResponseSchema.partial({ total: true }) },
  {
    name: 'YieldGetAggregateBalances',
    call: (c) => c.yieldGetAggregateBalances({ queries: [{ address: HEAVY_OWNER_ADDRESS, network: 'base' }] }),
    schema: YieldGetAggregateBalancesResponseSchema,
  },
  { name: 'GetEarnPools', call: (c) => c.getEarnPools({ chainIds: [42161] }), schema: GetEarnPoolsResponseSchema },
]

/** A client whose every call is answered 200 with `text`, tried once. */
const answering = (text: string, record?: (t: string) => void) =>
  new SvcClient({
    baseUrl: 'http://svc.test',
    getAccessKey: () => KEY,
    retry: { attempts: 1 },
    fetch: async (url, init) => {
      if (record) {
        const res = await fetch(url.replace('http://svc.test', base), init)
        const t = await res.text()
        record(t)
        return new Response(t, { status: res.status })
      }
      return new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } })
    },
  })

let base = ''
const running: RunningSimulator[] = []
const samples: Sample[] = []

beforeAll(async () => {
  // Both of the spec's alternative shapes, so the payload decoding is bent too.
  for (const shape of ['spec', 'payload'] as const) {
    const sim = await startSimulator({ port: 0, intents: 40, accessKeys: [KEY], shape })
    running.push(sim)
    base = sim.url
    for (const c of CALLS) {
      if (shape === 'payload' && !/^(Yield|GetChains)/.test(c.name)) continue
      let text = ''
      // A CommitIntent of a made-up intent is refused; its answer shape is tiny and fixed.
      if (c.name === 'CommitIntent') text = JSON.stringify({ intentId: BIG_AMOUNT_INTENT_ID })
      else if (c.name === 'ExecuteIntent') text = JSON.stringify({ intentId: BIG_AMOUNT_INTENT_ID, status: 'EXECUTING' })
      else await c.call(answering('', (t) => (text = t)))
      samples.push({ ...c, name: `${c.name} (${shape})`, text })
    }
  }
})
afterAll(() => Promise.all(running.map((s) => s.stop())))

// ---- mutations -------------------------------------------------------------------

/** JSON text spliced in as it is: number literals no double holds, absurd nesting. */
class Raw {
  constructor(readonly text: string) {}
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json } | Raw
type Path = Array<string | number>

function serialise(v: Json): string {
  if (v instanceof Raw) return v.text
  if (Array.isArray(v)) return `[${v.map(serialise).join(',')}]`
  if (v && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${serialise(x)}`).join(',')}}`
  return JSON.stringify(v)
}

function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  if (v instanceof Raw || v === null || typeof v !== 'object') return out
  for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
    const p = [...at, k]
    out.push(p)
    paths(x, p, out)
  }
  return out
}

const parentOf = (doc: Json, path: Path): Record<string | number, Json> =>
  path.slice(0, -1).reduce<Json>((node, k) => (node as Record<string | number, Json>)[k], doc) as Record<string | number, Json>

const anyScalar: fc.Arbitrary<Json> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
)

/** Numbers beyond what a double or a safe integer holds, and literals JSON allows but JS reads badly. */
const bigLiteral: fc.Arbitrary<Json> = fc
  .oneof(
    fc.bigInt({ min: 2n ** 53n, max: 2n ** 256n }).map(String),
    fc.bigInt({ min: -(2n ** 256n), max: -(2n ** 53n) }).map(String),
    fc.constantFrom('9007199254740993', '1e400', '-1E+400', '1.7976931348623157e309', '5e-400', '-0', '0.000000000000000000000001', `1${'0'.repeat(600)}`),
  )
  .map((t) => new Raw(t))

/** The longest list a flood writes, in characters: far beyond any real answer, far below V8's longest string. */
const MAX_FLOOD_CHARS = 16_000_000

type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'replace'; at: number; value: Json }
  | { kind: 'hugeArray'; at: number; length: number; item: Json }
  | { kind: 'deepNesting'; at: number; depth: number }
  | { kind: 'renameKey'; at: number; name: string }
  | { kind: 'mangleTypes' }
  | { kind: 'wholeBody'; value: Json }

const at = fc.nat()
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at }),
  fc.record({
    kind: fc.constant('replace' as const),
    at,
    value: fc.oneof(anyScalar, bigLiteral, fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, fc.string({ unit: 'grapheme', maxLength: 200 })),
  }),
  fc.record({ kind: fc.constant('hugeArray' as const), at, length: fc.integer({ min: 1_000, max: 10_000 }), item: fc.oneof(anyScalar, bigLiteral) }),
  fc.record({ kind: fc.constant('deepNesting' as const), at, depth: fc.integer({ min: 200, max: 100_000 }) }),
  fc.record({ kind: fc.constant('renameKey' as const), at, name: fc.string({ unit: 'binary', maxLength: 12 }) }),
  fc.constant({ kind: 'mangleTypes' as const }),
  fc.record({ kind: fc.constant('wholeBody' as const), value: fc.oneof(anyScalar, bigLiteral, fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json>) }),
)

/** Applies mutations in turn to the answer; returns the text the service would send. */
function bend(text: string, mutations: Mutation[]): string {
  let doc = parseJsonLossless(text) as Json
  for (const m of mutations) {
    if (m.kind === 'mangleTypes') {
      doc = mangleTypes(doc) as Json
      continue
    }
    if (m.kind === 'wholeBody') {
      doc = m.value
      continue
    }
    const all = paths(doc)
    if (!all.length) continue
    const path = all[m.at % all.length]
    const parent = parentOf(doc, path)
    const key = path[path.length - 1]
    switch (m.kind) {
      case 'delete':
        if (Array.isArray(parent)) parent.splice(key as number, 1)
        else delete parent[key]
        break
      case 'replace':
        parent[key] = m.value
        break
      case 'hugeArray': {
        // Lists grow by repeating their own first item (a realistic flood); other values by the given item.
        const current = parent[key]
        const item = serialise(Array.isArray(current) && current.length ? current[0] : m.item)
        // That first item may be an earlier flood: the repeats stay within what one string can hold.
        const wanted = Array.isArray(current) ? Math.min(m.length, 200) : m.length
        const count = Math.max(1, Math.min(wanted, Math.floor(MAX_FLOOD_CHARS / (item.length + 1))))
        parent[key] = new Raw(`[${Array<string>(count).fill(item).join(',')}]`)
        break
      }
      case 'deepNesting':
        parent[key] = new Raw(`${'['.repeat(m.depth)}1${']'.repeat(m.depth)}`)
        break
      case 'renameKey':
        if (!Array.isArray(parent) && m.name !== key) {
          parent[m.name] = parent[key]
          delete parent[key]
        }
        break
    }
  }
  return serialise(doc)
}

// ---- the property ----------------------------------------------------------------

/** The value without the top level's `_refused` (kept on records, where the schemas keep unknown fields). */
function withoutRootNotice(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !(REFUSED_FIELDS_KEY in value)) return value
  const { [REFUSED_FIELDS_KEY]: _notes, ...rest } = value as Record<string, unknown>
  return rest
}

/** Runs one call against the bent answer; throws (failing the property) on anything but the two allowed outcomes. */
async function outcome(sample: Sample, text: string): Promise<'value' | 'BadResponse'> {
  let value: unknown
  try {
    value = await sample.call(answering(text))
  } catch (e) {
    if (!(e instanceof SvcFailure)) throw new Error(`escaped as ${(e as Error)?.constructor?.name}: ${String(e)}`, { cause: e })
    expect(e.error.kind).toBe('BadResponse')
    expect(e.error.operation).toBe(sample.name.split(' ')[0])
    expect(e.error.message).not.toContain(KEY)
    return 'BadResponse'
  }
  // A value is already normalised: parsing it again changes nothing (but the top level's
  // list of refused fields, which a response object does not declare)…
  const again = decodeWith(sample.schema, value)
  expect(again.ok, `${sample.name}: resolved value does not re-validate`).toBe(true)
  if (again.ok) expect(withoutRootNotice(again.value)).toEqual(withoutRootNotice(value))
  // …and it can cross the bridge (IPC clones it, the browser host serialises it).
  expect(() => structuredClone(value)).not.toThrow()
  expect(() => JSON.stringify(value)).not.toThrow()
  return 'value'
}

describe('the answer normaliser under mutated answers', () => {
  it('captured a valid answer for every operation, in both shapes', () => {
    expect(samples.map((s) => s.name)).toHaveLength(CALLS.length + 3)
    for (const s of samples) expect(s.text.length, s.name).toBeGreaterThan(10)
  })

  it('accepts every captured answer unchanged', async () => {
    for (const s of samples) expect(await outcome(s, s.text), s.name).toBe('value')
  })

  it('resolves to a normalised value or fails with a typed BadResponse, whatever the service sends', async () => {
    const seen = { value: 0, BadResponse: 0 }
    for (const sample of samples) {
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), async (mutations) => {
          seen[await outcome(sample, bend(sample.text, mutations))]++
        }),
        { numRuns: RUNS },
      )
    }
    // Both outcomes occur, so the mutations neither all miss nor all break the answer.
    expect(seen.value).toBeGreaterThan(0)
    expect(seen.BadResponse).toBeGreaterThan(0)
  })

  it("still fails the simulator's wrongTypes fault as BadResponse for every operation the e2e fault matrix drives", async () => {
    // A refused field now costs only that field, but this fault bends each answer's top
    // level too, so the views must still say the answer was unusable (e2e/faults.spec.ts).
    const driven = /^(GetChains|SearchIntents|GetIntentHistory|GetIntent|GetIntentReceipt|YieldGetAggregateBalances|WaitIntentReceipt|CommitIntent) /
    const checked = samples.filter((s) => driven.test(s.name))
    expect(checked.length).toBeGreaterThanOrEqual(8)
    for (const sample of checked) expect(await outcome(sample, bend(sample.text, [{ kind: 'mangleTypes' }])), sample.name).toBe('BadResponse')
  })

  it('refuses absurdly nested answers as BadResponse instead of handing on what the bridge cannot carry', async () => {
    const sample = samples.find((s) => s.name.startsWith('GetIntent '))!
    const nested = (depth: number) => sample.text.replace(/}$/, `,"extra":${'['.repeat(depth)}${']'.repeat(depth)}}`)
    expect(await outcome(sample, nested(100))).toBe('value')
    expect(await outcome(sample, nested(5_000))).toBe('BadResponse')
    await expect(sample.call(answering(nested(5_000)))).rejects.toMatchObject({ error: { message: expect.stringMatching(/more than 256 levels deep/) } })
  })
})
