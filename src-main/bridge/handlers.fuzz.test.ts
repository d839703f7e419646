import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { BRIDGE } from '../../src-shared/contract/bridge'
import { BRIDGE_METHOD_NAMES } from '../../src-shared/contract/channels'
import { createBridgeHandlers } from './handlers'
import { recordingCore, VALID_ARGS } from './testing'

/**
 * Property tests of the bridge's argument validation: whatever the renderer sends (any
 * structured-cloneable value, or a valid call bent in one place), every handler resolves
 * to a Result, and the core is reached only with arguments that passed the method's
 * schema, in their parsed form. Invalid arguments come back as InvalidArgument, naming
 * the method, and touch nothing.
 */

const RUNS = 150
/** Anything the structured clone of an IPC message (or a JSON body) can carry, and more. */
const anyValue = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
  withNullPrototype: true,
  withSparseArray: true,
  withBoxedValues: true,
})

/** Keys that have bitten validators before: prototype names, empty and odd text. */
const oddKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', ' '), fc.string({ unit: 'binary', maxLength: 8 }))

/** A valid call changed in one place: a field of the wrong type or removed, or a field added. */
function bent(valid: unknown): fc.Arbitrary<unknown> {
  const base = (valid ?? {}) as Record<string, unknown>
  const keys = Object.keys(base)
  const changes: Array<fc.Arbitrary<unknown>> = [
    // Through JSON, as the browser host receives it: `__proto__` arrives as an own key.
    fc.tuple(oddKey, fc.jsonValue({ maxDepth: 2 })).map(([k, v]) => JSON.parse(JSON.stringify({ ...base, [k]: v }))),
  ]
  if (keys.length) {
    changes.push(
      fc.tuple(fc.constantFrom(...keys), anyValue).map(([k, v]) => ({ ...base, [k]: v })),
      fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(base).filter(([x]) => x !== k))),
      fc.tuple(fc.constantFrom(...keys), fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.double(), fc.bigInt(), fc.constant(Number.MAX_SAFE_INTEGER + 2)))
        .map(([k, v]) => ({ ...base, [k]: v })),
    )
  }
  return fc.oneof(...changes)
}

describe('bridge argument validation, for every method', () => {
  it.each(BRIDGE_METHOD_NAMES)('%s: accepts its well-formed call and reaches the core', async (name) => {
    const { core, reached } = recordingCore()
    const r = await createBridgeHandlers(core)[name](VALID_ARGS[name])
    expect(r.ok, JSON.stringify(r)).toBe(true)
    expect(reached.length).toBeGreaterThan(0)
  })

  it.each(BRIDGE_METHOD_NAMES)('%s: anything else resolves to a Result, and only arguments that pass reach the core, parsed', async (name) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyValue, bent(VALID_ARGS[name])), async (args) => {
        const { core, reached } = recordingCore()
        const error = vi.spyOn(console, 'error').mockImplementation(() => {})
        const r = await createBridgeHandlers(core)[name](args)
        error.mockRestore()
        const expected = BRIDGE[name].args.safeParse(args)
        if (!expected.success) {
          expect(r).toMatchObject({ ok: false, error: { kind: 'InvalidArgument', operation: name } })
          if (!r.ok) expect(typeof r.error.message).toBe('string')
          expect(reached).toEqual([])
          return
        }
        expect(r.ok).toBe(true)
        // What reached the core is the parsed value (trimmed, normalised), never the raw one.
        expect(reached.length).toBeGreaterThan(0)
        const last = reached[reached.length - 1]
        const parsed = expected.data as Record<string, unknown> | undefined
        // The operations beyond the spec go through `extra(operation, request)`: the request is its second argument.
        if (last.via === 'client.extra') {
          if (parsed && Object.keys(parsed).length) expect(last.args[1]).toEqual(parsed)
        } else if (last.via.startsWith('client.')) expect(last.args[0]).toEqual(parsed)
        else {
          // A handler may ask the core more than once (unwatching, then the new revision): the values reach one of the calls.
          const flat = JSON.stringify(reached.map((r) => r.args))
          for (const v of Object.values(parsed ?? {})) if (typeof v === 'string') expect(flat).toContain(JSON.stringify(v))
        }
      }),
      { numRuns: RUNS },
    )
  })
})
