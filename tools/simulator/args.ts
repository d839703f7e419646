/**
 * Reading request fields with the checks a typed server would do: wrong types and
 * out-of-range values become WebrpcBadRequest (400) naming the field in `cause`.
 * Unknown fields are ignored, as the real service ignores them.
 */
import { invalidArgument } from './errors'
import { isEvmAddress } from '../../src-shared/contract/formats'

export type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export class Args {
  constructor(
    private readonly body: Json,
    private readonly prefix = '',
  ) {}

  static of(value: unknown, prefix = ''): Args {
    if (!isObject(value)) throw invalidArgument(`${prefix || 'request body'} must be a JSON object`, prefix || undefined)
    return new Args(value, prefix)
  }

  private path(name: string): string {
    return this.prefix ? `${this.prefix}.${name}` : name
  }

  private fail(name: string, what: string): never {
    throw invalidArgument(`${this.path(name)} ${what}`, this.path(name))
  }

  raw(name: string): unknown {
    return this.body[name]
  }

  str(name: string): string | undefined {
    const v = this.body[name]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'string') this.fail(name, 'must be a string')
    return v
  }

  /** A string that must be present and non-empty. */
  requiredStr(name: string): string {
    const v = this.str(name)
    if (v === undefined || v.trim() === '') this.fail(name, 'is required')
    return v
  }

  /** An optional string; blank counts as absent. */
  text(name: string): string | undefined {
    const v = this.str(name)?.trim()
    return v ? v : undefined
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const v = this.str(name)
    if (v !== undefined && !allowed.includes(v as T)) this.fail(name, `must be one of ${allowed.join(', ')}`)
    return v as T | undefined
  }

  int(name: string, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const v = this.body[name]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'number' || !Number.isInteger(v)) this.fail(name, 'must be an integer')
    if (v < min || v > max) this.fail(name, `must be between ${min} and ${max}`)
    return v
  }

  num(name: string): number | undefined {
    const v = this.body[name]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'number' || !Number.isFinite(v)) this.fail(name, 'must be a number')
    return v
  }

  bool(name: string): boolean | undefined {
    const v = this.body[name]
    if (v === undefined || v === null) return undefined
    if (typeof v !== 'boolean') this.fail(name, 'must be a boolean')
    return v
  }

  /** A non-negative token amount: a JSON number, a big integer, or a decimal string. */
  amount(name: string): bigint | undefined {
    const v = this.body[name]
    if (v === undefined || v === null) return undefined
    if (typeof v === 'bigint' && v >= 0n) return v
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v)
    if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v)
    this.fail(name, 'must be a non-negative integer amount')
  }

  array(name: string): unknown[] | undefined {
    const v = this.body[name]
    if (v === undefined || v === null) return undefined
    if (!Array.isArray(v)) this.fail(name, 'must be an array')
    return v
  }

  strArray(name: string): string[] | undefined {
    const v = this.array(name)
    if (v && !v.every((x) => typeof x === 'string')) this.fail(name, 'must be an array of strings')
    return v as string[] | undefined
  }

  intArray(name: string): number[] | undefined {
    const v = this.array(name)
    if (v && !v.every((x) => typeof x === 'number' && Number.isInteger(x))) this.fail(name, 'must be an array of integers')
    return v as number[] | undefined
  }

  obj(name: string): Args | undefined {
    const v = this.body[name]
    if (v === undefined || v === null) return undefined
    return Args.of(v, this.path(name))
  }
}


/** An EVM address in any case, returned lower-case. */
export function evmAddress(args: Args, name: string, required: true): string
export function evmAddress(args: Args, name: string, required?: false): string | undefined
export function evmAddress(args: Args, name: string, required = false): string | undefined {
  const v = required ? args.requiredStr(name) : args.text(name)
  if (v === undefined) return undefined
  if (!isEvmAddress(v)) throw invalidArgument(`${name} must be a 0x-prefixed 40-hex-digit address`, name)
  return v.toLowerCase()
}
