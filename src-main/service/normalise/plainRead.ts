import type { z } from 'zod'
import { NOT_PLAIN, PLAIN_FORMS, type Decoded } from '../../../src-shared/contract/service'
import { decodeAnswer } from './decode'

/**
 * A reader for answers that are exactly what the schema expects, without zod's run: on a
 * page of 200 markets (some 30,000 values) zod's parse cost about four times as much,
 * much of it garbage. Built once per schema from the schema itself, with each leaf's own
 * check from `PLAIN_FORMS`, it gives the value the schema would give, in the same key
 * order, or `NOT_PLAIN` at the first thing it is not sure of; then the schema parses as
 * before (`decodeAnswer`), so the reader never judges an answer. A schema with a part it
 * does not know (a union, an enum, an object refinement) gets no reader and goes to zod.
 */

export type PlainReader = (value: unknown) => unknown

const readers = new WeakMap<z.ZodType, PlainReader | null>()

/** The reader for a schema, or `null` when some part of it must go through zod. */
export function plainReader(schema: z.ZodType): PlainReader | null {
  let r = readers.get(schema)
  if (r === undefined) {
    r = build(schema)
    readers.set(schema, r)
  }
  return r
}

/** Validates with the schema, through its plain reader when the answer is plain: same result as `decodeAnswer`. */
export function decodePlain<S extends z.ZodType>(schema: S, value: unknown, at: PropertyKey[] = []): Decoded<z.output<S>> {
  const read = plainReader(schema)
  const plain = read ? read(value) : NOT_PLAIN
  if (plain !== NOT_PLAIN) return { ok: true, value: plain as z.output<S> }
  return decodeAnswer(schema, value, at)
}

interface Def {
  type: string
  checks?: unknown[]
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  transform?: (value: unknown, ctx: unknown) => unknown
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def

function build(schema: z.ZodType): PlainReader | null {
  const form = PLAIN_FORMS.get(schema)
  if (form?.kind === 'leaf') return form.read
  if (form?.kind === 'optional') {
    const inner = plainReader(form.inner)
    return inner && ((v) => (v === undefined || v === null ? undefined : inner(v)))
  }
  if (form?.kind === 'listOrNull') {
    const inner = plainReader(form.list)
    return inner && ((v) => (v === null ? [] : inner(v)))
  }
  const def = defOf(schema)
  if (def.checks?.length) return null
  switch (def.type) {
    case 'unknown':
      return (v) => v
    case 'optional':
      // Only `z.unknown().optional()`: every other optional field is an `opt(…)`, above.
      return def.innerType && defOf(def.innerType).type === 'unknown' && !defOf(def.innerType).checks?.length ? (v) => v : null
    case 'array':
      return def.element ? arrayReader(def.element) : null
    case 'object':
      return objectReader(def)
    case 'pipe':
      return preprocessReader(def)
  }
  return null
}

function arrayReader(element: z.ZodType): PlainReader | null {
  const item = plainReader(element)
  if (!item) return null
  return (v) => {
    if (!Array.isArray(v)) return NOT_PLAIN
    const out = new Array<unknown>(v.length)
    for (let i = 0; i < v.length; i++) {
      const r = item(v[i])
      if (r === NOT_PLAIN) return NOT_PLAIN
      out[i] = r
    }
    return out
  }
}

/**
 * An object as zod gives it: the shape's keys in the shape's order (a key present with
 * `null` stays, as `undefined`; an absent optional one stays absent), then, for a loose
 * object, the unknown keys as sent.
 */
function objectReader(def: Def): PlainReader | null {
  const keys = Object.keys(def.shape ?? {})
  const fields = keys.map((k) => plainReader(def.shape![k]))
  if (fields.some((f) => f === null)) return null
  const catchall = def.catchall ? defOf(def.catchall) : undefined
  if (catchall && (catchall.type !== 'unknown' || catchall.checks?.length)) return null
  const required = keys.map((k) => (def.shape![k] as unknown as { _zod: { optin?: string } })._zod.optin !== 'optional')
  const known = new Set(keys)
  const read = fields as PlainReader[]
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v) || Object.hasOwn(v, '__proto__')) return NOT_PLAIN
    const input = v as Record<string, unknown>
    const out: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]
      if (!(k in input)) {
        if (required[i]) return NOT_PLAIN
        continue
      }
      const r = read[i](input[k])
      if (r === NOT_PLAIN) return NOT_PLAIN
      out[k] = r
    }
    if (catchall) for (const k in input) if (!known.has(k)) out[k] = input[k]
    return out
  }
}

/** `z.preprocess(fn, schema)` with a function of the value alone (e.g. the market's non-EVM chain id). */
function preprocessReader(def: Def): PlainReader | null {
  const first = def.in ? defOf(def.in) : undefined
  const fn = first?.type === 'transform' ? first.transform : undefined
  if (!fn || fn.length > 1 || first?.checks?.length || !def.out) return null
  const next = plainReader(def.out)
  return (
    next &&
    ((v) => {
      const x = fn(v, undefined)
      return x instanceof Promise ? NOT_PLAIN : next(x)
    })
  )
}
