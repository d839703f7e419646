/**
 * The one URL ⇄ filters ⇄ request codec of every filtered list (History, Search, Markets,
 * Earn). A list is a table of its fields: each names its URL key, how its text reads
 * (`parse`) and writes back (`serialise`), and what it asks the service (`toRequest`).
 * Three functions serve every table, with the same signatures for every list:
 *
 * - `decode(params)`: the URL → the filters as typed (nothing typed is lost while it is
 *   still invalid);
 * - `encode(filters, base?)`: the filters → the URL (values at their default left out;
 *   the keys of other fields in `base` kept, and each key where `base` had it);
 * - `toRequest(filters)`: the service request from the good fields, and the problem of
 *   each bad one (a bad field is left out of the request).
 *
 * A list's URL keys never change, so a link or saved search written before still reads.
 */

/** A field's value could not go into the request: what to tell the person, and what the request takes instead (a default it needs). */
export interface Problem {
  problem: string
  fallback?: object
}

export interface Field<V, F, R> {
  /** The URL key; `many`: one key per value (`?status=A&status=B`). */
  key: string
  many?: boolean
  /** The value when the URL lacks the key (and a value the URL then leaves out). */
  empty: V
  /** The URL's texts (one, or every one with `many`) → the value. Default: the text as it is. */
  parse?: (texts: string[]) => V
  /** The value → the URL's text (or texts); '' leaves the key out. Default: the text as it is. */
  serialise?: (value: V) => string | string[]
  /** The value's part of the request, or its problem. Absent: the field is not sent. */
  toRequest?: (value: V, filters: F) => Partial<R> | Problem | undefined
}

/** A list's table: one field per filter. */
export type Fields<F, R> = { [K in keyof F]: Field<F[K], F, R> }

export type Problems<F> = Partial<Record<keyof F, string>>

const texts = (v: string | string[]): string[] => (Array.isArray(v) ? v : [v]).filter((t) => t !== '')
const same = (a: string[], b: string[]) => a.length === b.length && a.every((t, i) => t === b[i])
const isProblem = (v: unknown): v is Problem => typeof v === 'object' && v !== null && 'problem' in v

export function filterCodec<F extends object, R extends object>(fields: Fields<F, R>) {
  const entries = Object.entries(fields) as Array<[keyof F, Field<F[keyof F], F, R>]>
  const write = (field: Field<F[keyof F], F, R>, value: F[keyof F]) => texts(field.serialise ? field.serialise(value) : Array.isArray(value) ? value.map(String) : String(value))
  return {
    fields,
    /** Every field at its empty value. */
    empty: Object.fromEntries(entries.map(([name, field]) => [name, field.empty])) as F,
    decode(params: URLSearchParams): F {
      const out = {} as F
      for (const [name, field] of entries) {
        const found = field.many ? params.getAll(field.key) : params.has(field.key) ? [params.get(field.key) ?? ''] : []
        out[name] = !found.length ? field.empty : field.parse ? field.parse(found) : ((field.many ? found : found[0]) as F[keyof F])
      }
      return out
    },
    encode(filters: F, base?: URLSearchParams): URLSearchParams {
      const out = new URLSearchParams(base)
      for (const [name, field] of entries) {
        const value = write(field, filters[name])
        // One value takes the key's place in the base; several follow one another at the end.
        if (value.length === 1 && !same(value, write(field, field.empty))) out.set(field.key, value[0])
        else {
          out.delete(field.key)
          if (!same(value, write(field, field.empty))) for (const t of value) out.append(field.key, t)
        }
      }
      return out
    },
    toRequest(filters: F): { request: R; problems: Problems<F> } {
      const request = {} as R
      const problems: Problems<F> = {}
      for (const [name, field] of entries) {
        const part = field.toRequest?.(filters[name], filters)
        if (isProblem(part)) {
          problems[name] = part.problem
          Object.assign(request, part.fallback)
        } else if (part) Object.assign(request, part)
      }
      return { request, problems }
    },
  }
}

/** An on/off filter: `1` in the URL when on. */
export const flag = <F, R>(key: string, toRequest?: Field<boolean, F, R>['toRequest']): Field<boolean, F, R> => ({
  key,
  empty: false,
  parse: ([t]) => t === '1',
  serialise: (on) => (on ? '1' : ''),
  toRequest,
})

/** A text filter as typed; `toRequest` sees it trimmed and only when filled in. */
export const text = <F, R>(key: string, toRequest?: (value: string, filters: F) => Partial<NoInfer<R>> | Problem | undefined): Field<string, F, R> => ({
  key,
  empty: '',
  serialise: (v) => v.trim(),
  toRequest: toRequest && ((v, f) => (v.trim() ? toRequest(v.trim(), f) : undefined)),
})

/** "a, b ,c" → ["a", "b", "c"]. */
export const splitList = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export const hasProblems = (p: object): boolean => Object.keys(p).length > 0
