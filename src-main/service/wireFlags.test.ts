import { parseArgs } from 'node:util'
import { describe, expect, it } from 'vitest'
import { describeDialect, forCommandLine, hasWireFlags, WIRE_FLAG_OPTIONS, wireDialectFromFlags, UsageError } from './wireFlags'
import { httpFailure } from './errors'

const read = (argv: string[]) => wireDialectFromFlags(parseArgs({ args: argv, options: WIRE_FLAG_OPTIONS, strict: true }).values)

describe('wire options', () => {
  it('give the spec form by default and a deployed form with string big integers under a service name', () => {
    expect(read([])).toEqual({ serviceName: 'Svc', renames: [], bigInts: 'number' })
    expect(read(['--service-name', 'Orbit', '--rename', 'priceFeedId=oracleFeedId', '--rename', 'a=b'])).toEqual({
      serviceName: 'Orbit',
      renames: [
        { neutral: 'priceFeedId', wire: 'oracleFeedId' },
        { neutral: 'a', wire: 'b' },
      ],
      bigInts: 'string',
    })
    expect(read(['--service-name', 'Orbit', '--big-ints', 'number']).bigInts).toBe('number')
    expect(describeDialect(read(['--service-name', 'Orbit', '--rename', 'a=b']))).toBe('/rpc/Orbit/ (big integers as strings, 1 rename)')
  })

  it('name the option at fault', () => {
    expect(() => read(['--rename', 'nope'])).toThrow(UsageError)
    expect(() => read(['--rename', 'nope'])).toThrow(/--rename must be neutral=wire/)
    expect(() => read(['--big-ints', 'hex'])).toThrow(/^--big-ints/)
    expect(() => read(['--service-name', 'has space'])).toThrow(/^--service-name/)
    expect(() => read(['--rename', 'a=b', '--rename', 'a=c'])).toThrow(/renamed twice/)
  })

  it('tell whether any was given', () => {
    expect(hasWireFlags({})).toBe(false)
    expect(hasWireFlags({ rename: [] })).toBe(false)
    expect(hasWireFlags({ 'big-ints': 'string' })).toBe(true)
  })

  it('turn advice about Settings into advice about the options and the key variable', () => {
    const ctx = { operation: 'GetIntent', baseUrl: 'http://svc', keySent: true }
    const headers = { get: () => null }
    const route = httpFailure(ctx, 404, headers, '{"error":"WebrpcBadRoute","code":-2,"msg":"no such route"}').message
    const key = httpFailure(ctx, 401, headers, '').message
    for (const m of [route, key]) expect(m).toMatch(/Settings/)
    const cli = [route, key].map((m) => forCommandLine(m, 'INTENT_EXPLORER_ACCESS_KEY'))
    for (const m of cli) expect(m).not.toMatch(/Settings/)
    expect(cli[0]).toMatch(/--service-name/)
    expect(cli[1]).toMatch(/INTENT_EXPLORER_ACCESS_KEY/)
  })
})
