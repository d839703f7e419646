import type { z } from 'zod'
import { amount, bigUint, PLAIN_DECIMAL, uint64 } from '../../src-shared/contract/service'
import type { BigIntForm } from '../../src-shared/contract/dialect'
import { renameKeys } from './renameKeys'

/**
 * Request bodies with amounts as bare JSON numbers, every digit kept: the spec types them
 * `number`, and `JSON.stringify` would send the normalised decimal strings quoted. Which
 * fields are amounts is read from the request's schema, not guessed from values (a
 * `decimalText`, an id or an unknown field stays a string). The schema is compiled once
 * into a plan of the paths leading to an amount; every other subtree goes through one
 * native `JSON.stringify`.
 */

/** Where a value's amounts are; `undefined` when it has none. */
type Plan =
  | { kind: 'number' }
  | { kind: 'uint64' }
  | { kind: 'object'; fields: ReadonlyMap<string, Plan> }
  | { kind: 'array'; item: Plan }

/** Big integers: bare numbers in the spec's form, decimal strings in the deployed one. */
const BIG_INTEGER: ReadonlySet<z.core.$ZodType> = new Set([amount, bigUint])
const NUMBER: Plan = { kind: 'number' }
/** uint64 (page cursors): bare JSON numbers in every form, every digit kept. */
const UINT64: Plan = { kind: 'uint64' }

function planOf(schema: z.core.$ZodType): Plan | undefined {
  // `amount.refine(…)` and `.describe(…)` are clones of `amount` that remember it as their parent.
  for (let s: z.core.$ZodType | undefined = schema; s; s = s._zod.parent) {
    if (BIG_INTEGER.has(s)) return NUMBER
    if (s === uint64) return UINT64
  }
  const def = (schema as z.core.$ZodTypes)._zod.def
  switch (def.type) {
    case 'object': {
      const fields = new Map<string, Plan>()
      for (const [key, field] of Object.entries(def.shape)) {
        const plan = planOf(field)
        if (plan) fields.set(key, plan)
      }
      return fields.size > 0 ? { kind: 'object', fields } : undefined
    }
    case 'array': {
      const item = planOf(def.element)
      return item && { kind: 'array', item }
    }
    // A transform is taken to keep its input's shape, as `opt` and `list` do.
    case 'pipe':
      return planOf(def.out._zod.def.type === 'transform' ? def.in : def.out)
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return planOf(def.innerType)
    default:
      return undefined
  }
}

const plans = new WeakMap<z.core.$ZodType, Plan | undefined>()

function cachedPlan(schema: z.core.$ZodType): Plan | undefined {
  if (!plans.has(schema)) plans.set(schema, planOf(schema))
  return plans.get(schema)
}

/** Leading zeros would make the literal invalid JSON; they carry no digit of the value. */
const LEADING_ZEROS = /^(-?)0+(?=\d)/

export interface EncodeOptions {
  /** `string`: big integers as decimal strings (the deployed wire); default `number`. */
  bigInts?: BigIntForm
  /** Neutral → wire field names, applied to every key written. */
  renames?: ReadonlyMap<string, string>
}

const NO_RENAMES: ReadonlyMap<string, string> = new Map()

const bare = (value: unknown): string =>
  typeof value === 'string' && PLAIN_DECIMAL.test(value) ? value.replace(LEADING_ZEROS, '$1') : JSON.stringify(value)

function write(value: unknown, plan: Plan | undefined, o: Required<EncodeOptions>): string | undefined {
  if (plan === undefined) return JSON.stringify(renameKeys(value, o.renames))
  switch (plan.kind) {
    case 'uint64':
      return bare(value)
    case 'number':
      return o.bigInts === 'string' ? JSON.stringify(value) : bare(value)
    // Parts joined once rather than appended to one string: a long chain of appends
    // measured about twice as slow on requests with thousands of calls.
    case 'array':
      if (!Array.isArray(value)) return JSON.stringify(value)
      return `[${value.map((item) => write(item, plan.item, o) ?? 'null').join(',')}]`
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return JSON.stringify(value)
      const record = value as Record<string, unknown>
      const members: string[] = []
      for (const key of Object.keys(record)) {
        const text = write(record[key], plan.fields.get(key), o)
        if (text !== undefined) members.push(`${JSON.stringify(o.renames.get(key) ?? key)}:${text}`)
      }
      return `{${members.join(',')}}`
    }
  }
}

/**
 * `JSON.stringify(value)`, except that every value `schema` reads with `amount` or
 * `bigUint` is written as a bare number literal with all its digits. `value` is what
 * `schema` produced; fields the schema does not know are written as they are.
 */
export function encodeWire(schema: z.core.$ZodType, value: unknown, options: EncodeOptions = {}): string {
  const o = { bigInts: options.bigInts ?? 'number', renames: options.renames ?? NO_RENAMES }
  // Typed as JSON.stringify is: undefined only for a value with no JSON form at all.
  return write(value, cachedPlan(schema), o) as string
}
