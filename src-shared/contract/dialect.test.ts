import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  dialectFromFlags,
  dialectRenames,
  parseRename,
  SERVICE_WORD_FIELDS,
  serviceWordRename,
  SPEC_DIALECT,
  WireDialectSchema,
} from './dialect'
import * as service from './service'

/** Every object key any service schema names, however deeply nested or wrapped. */
function fieldNames(): Set<string> {
  const names = new Set<string>()
  const seen = new Set<unknown>()
  const walk = (schema: z.core.$ZodType | undefined): void => {
    if (!schema || seen.has(schema)) return
    seen.add(schema)
    const def = (schema as z.core.$ZodTypes)._zod.def as unknown as Record<string, unknown> & { type: string }
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        names.add(key)
        walk(field)
      }
      return
    }
    if (def.type === 'lazy') return walk((def.getter as () => z.core.$ZodType)())
    for (const k of ['element', 'innerType', 'in', 'out', 'valueType', 'left', 'right'] as const) walk(def[k] as z.core.$ZodType | undefined)
    for (const option of (def.options as z.core.$ZodType[] | undefined) ?? []) walk(option)
  }
  for (const value of Object.values(service)) {
    if (value && typeof value === 'object' && '_zod' in value) walk(value as z.core.$ZodType)
  }
  return names
}

describe('the service word', () => {
  it('SERVICE_WORD_FIELDS lists exactly the schema fields that hold the word service', () => {
    const names = fieldNames()
    // The walk reaches the whole contract, not a corner of it.
    expect(names.has('originTokenAmount')).toBe(true)
    expect(names.has('receiptStates')).toBe(true)
    expect([...names].filter((n) => /service/i.test(n)).sort()).toEqual([...SERVICE_WORD_FIELDS].sort())
  })

  it.each([
    ['serviceVersion', 'orbitVersion'],
    ['serviceContracts', 'orbitContracts'],
    ['serviceRouterAddress', 'orbitRouterAddress'],
    ['serviceFeeTotal', 'orbitFeeTotal'],
    ['serviceFee', 'orbitFee'],
    ['quoteProviderWithServiceFee', 'quoteProviderWithOrbitFee'],
    ['providerWithServiceFeeUsd', 'providerWithOrbitFeeUsd'],
    ['serviceFeesPriceImpact', 'orbitFeesPriceImpact'],
    ['serviceAddressOverrides', 'orbitAddressOverrides'],
  ])('%s is %s on a service named Orbit, in the same case position', (neutral, wire) => {
    expect(serviceWordRename(neutral, 'Orbit')).toBe(wire)
  })
})

describe('dialectRenames', () => {
  it('renames nothing in the spec form', () => {
    expect(dialectRenames(SPEC_DIALECT).size).toBe(0)
  })

  it('derives every service-word rename from the name and adds the vendor renames, which win', () => {
    const renames = dialectRenames(
      WireDialectSchema.parse({
        serviceName: 'Orbit',
        renames: [
          { neutral: 'priceFeedId', wire: 'oracleFeedId' },
          { neutral: 'serviceFee', wire: 'orbitServiceFee' },
        ],
      }),
    )
    expect(renames.get('serviceVersion')).toBe('orbitVersion')
    expect(renames.get('priceFeedId')).toBe('oracleFeedId')
    expect(renames.get('serviceFee')).toBe('orbitServiceFee')
    expect(renames.size).toBe(SERVICE_WORD_FIELDS.length + 1)
  })

  it('vendor renames apply under the spec’s service name too', () => {
    const renames = dialectRenames(WireDialectSchema.parse({ renames: [{ neutral: 'walletFactoryAddress', wire: 'vendorFactoryAddress' }] }))
    expect([...renames]).toEqual([['walletFactoryAddress', 'vendorFactoryAddress']])
  })

  it('a rename to the same name is dropped (a service whose name is Service)', () => {
    expect(dialectRenames(WireDialectSchema.parse({ serviceName: 'Service' })).size).toBe(0)
  })
})

describe('reading a dialect', () => {
  it('refuses a name renamed twice, naming the line', () => {
    const parsed = WireDialectSchema.safeParse({ renames: [{ neutral: 'priceFeedId', wire: 'x' }, { neutral: 'y', wire: 'x' }] })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['renames', 1], message: '“x” is renamed twice' })
  })

  it('reads neutral=wire and the flags, naming the flag at fault', () => {
    expect(parseRename(' priceFeedId = oracleFeedId ')).toEqual({ neutral: 'priceFeedId', wire: 'oracleFeedId' })
    expect(parseRename('priceFeedId')).toBeUndefined()
    expect(parseRename('1x=y')).toBeUndefined()
    expect(dialectFromFlags({ serviceName: 'Orbit', renames: ['priceFeedId=oracleFeedId'], bigInts: 'string' })).toEqual({
      dialect: { serviceName: 'Orbit', renames: [{ neutral: 'priceFeedId', wire: 'oracleFeedId' }], bigInts: 'string' },
    })
    expect(dialectFromFlags({})).toEqual({ dialect: SPEC_DIALECT })
    expect(dialectFromFlags({ serviceName: 'my/svc' })).toMatchObject({ error: expect.stringMatching(/^--service-name: /) })
    expect(dialectFromFlags({ bigInts: 'hex' })).toMatchObject({ error: expect.stringMatching(/^--big-ints: /) })
    expect(dialectFromFlags({ renames: ['x'] })).toMatchObject({ error: expect.stringMatching(/^--rename must be neutral=wire/) })
  })
})
