import type { z } from 'zod'
import { decodeWith, formatPath, REFUSED_FIELDS_KEY, type Decoded, type RefusedField } from '../../../src-shared/contract/service'
import { put } from '../redact'

export const failAt = (path: string, message: string): Decoded<never> => ({ ok: false, path, message })

type Path = ReadonlyArray<PropertyKey>

/** Passes over an answer before giving up on it, and fields dropped at most. */
const MAX_ROUNDS = 12
const MAX_DROPS = 500

interface Drop {
  path: Path
  reason: string
}

const isContainer = (v: unknown): v is Record<PropertyKey, unknown> => typeof v === 'object' && v !== null

/** Own properties only: a key such as `__proto__` never reaches a prototype. */
const own = (v: Record<PropertyKey, unknown>, key: PropertyKey): unknown => (Object.hasOwn(v, key) ? v[key as string] : undefined)

function valueAt(root: unknown, path: Path): unknown {
  let v = root
  for (const key of path) {
    if (!isContainer(v)) return undefined
    v = own(v, key)
  }
  return v
}

/** Copies on write: the answer as received is never changed, and each container along a changed path is copied once. */
class Working {
  private readonly own = new WeakSet<object>()
  constructor(public root: unknown) {}

  private writable(v: Record<PropertyKey, unknown>): Record<PropertyKey, unknown> {
    if (this.own.has(v)) return v
    const copy = (Array.isArray(v) ? [...(v as unknown[])] : { ...v }) as Record<PropertyKey, unknown>
    this.own.add(copy)
    return copy
  }

  /** Sets (or with `undefined`, deletes) the value at a non-empty path whose containers exist. */
  set(path: Path, value: unknown): void {
    if (!isContainer(this.root)) return
    this.root = this.writable(this.root)
    let v = this.root as Record<PropertyKey, unknown>
    for (const key of path.slice(0, -1)) {
      const next = own(v, key)
      if (!isContainer(next)) return
      const copy = this.writable(next)
      put(v, key, copy)
      v = copy
    }
    const last = path[path.length - 1]
    if (value === undefined && !Array.isArray(v)) delete v[last as string]
    else put(v, last, value)
  }
}

/** A dropped list entry, until the list is compacted for parsing. */
const HOLE = Symbol('dropped entry')

/** Original indices of the entries dropped from each list, by the list's path. */
type Holes = Map<string, { path: Path; at: number[] }>

/** An issue's path in the compacted value, as a path in the value with holes. */
function originalPath(path: Path, holes: Holes): Path {
  const out: PropertyKey[] = []
  for (const key of path) {
    const list = typeof key === 'number' ? holes.get(formatPath(out)) : undefined
    let index = key
    if (list) for (const h of list.at) if (h <= (index as number)) index = (index as number) + 1
    out.push(index)
  }
  return out
}

/** Where a drop is told: the object holding the field, or the one holding the list that lost an entry. */
function noticeHome(path: Path): { home: Path; field: string } {
  const listEntry = typeof path[path.length - 1] === 'number'
  const home = path.slice(0, listEntry ? -2 : -1)
  return { home, field: formatPath(path.slice(home.length)) }
}

/** What the schema parses: the value with holes, each drop named on its home, and the holes taken out. */
function forParsing(withHoles: unknown, drops: readonly Drop[], holes: Holes): unknown {
  const view = new Working(withHoles)
  const byHome = new Map<string, { home: Path; notes: RefusedField[] }>()
  for (const d of drops) {
    const { home, field } = noticeHome(d.path)
    if (home.length === 0 || !isContainer(valueAt(withHoles, home))) continue
    const entry = byHome.get(formatPath(home)) ?? { home, notes: [] }
    entry.notes.push({ field, reason: d.reason })
    byHome.set(formatPath(home), entry)
  }
  for (const { home, notes } of byHome.values()) view.set([...home, REFUSED_FIELDS_KEY], notes)
  // Inner lists first: an outer list's compaction would move the paths to them.
  for (const { path, at } of [...holes.values()].sort((a, b) => b.path.length - a.path.length)) {
    const list = valueAt(view.root, path)
    if (Array.isArray(list) && at.length) view.set(path, list.filter((x) => x !== HOLE))
  }
  return view.root
}

/** The top level's own notices: a response object keeps only its known fields, so they are added after parsing. */
function withRootNotices<T>(value: T, drops: readonly Drop[]): T {
  const notes = drops.map((d) => ({ d, ...noticeHome(d.path) })).filter((n) => n.home.length === 0)
  if (!notes.length || !isContainer(value) || Array.isArray(value)) return value
  return { ...value, [REFUSED_FIELDS_KEY]: notes.map((n) => ({ field: n.field, reason: n.d.reason })) }
}

/**
 * Why a path is dropped: the issue's own message, or, when it is dropped because a field
 * inside it was (a required one), that field and the first reason it was refused.
 */
function reasonFor(path: Path, issue: { at: Path; reason: string }, drops: readonly Drop[]): string {
  const inner = drops.find((d) => d.path.length > path.length && formatPath(d.path.slice(0, path.length)) === formatPath(path))
  const cause = inner ?? { path: issue.at, reason: issue.reason }
  const below = formatPath(cause.path.slice(path.length)).replace(/^\./, '')
  return below ? `${below}: ${cause.reason}` : cause.reason
}

/** The path to drop for an issue: its own, or the nearest enclosing one when that field is already gone (a required field). */
function dropTarget(working: unknown, issuePath: Path, dropped: ReadonlySet<string>): Path {
  let path = issuePath
  while (path.length > 0 && (dropped.has(formatPath(path)) || valueAt(working, path) === undefined)) path = path.slice(0, -1)
  return path
}

/**
 * Validates an answer, keeping what can be kept: a refused field (a time in year 9999, a
 * wrong type) is dropped, or the list entry that cannot stand without it, so one bad entry
 * costs that field or entry, never the page. Each drop is named under `_refused`
 * (`REFUSED_FIELDS_KEY`) on the object that held it. An answer still unreadable (its top
 * level wrong, or past 500 bad fields) fails as `decodeWith` does.
 */
export function decodeAnswer<S extends z.ZodType>(schema: S, value: unknown, at: PropertyKey[] = []): Decoded<z.output<S>> {
  const first = schema.safeParse(value)
  if (first.success) return { ok: true, value: first.data }
  const working = new Working(value)
  const drops: Drop[] = []
  const dropped = new Set<string>()
  const holes: Holes = new Map()
  let issues = first.error.issues
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // Every path of this round read against the holes made before it.
    const paths = issues.map((issue) => ({ at: originalPath(issue.path, holes), reason: issue.message }))
    for (const issue of paths) {
      const path = dropTarget(working.root, issue.at, dropped)
      if (path.length === 0 || drops.length >= MAX_DROPS) return decodeWith(schema, value, at)
      const key = formatPath(path)
      if (dropped.has(key)) continue
      dropped.add(key)
      drops.push({ path, reason: reasonFor(path, issue, drops) })
      const last = path[path.length - 1]
      if (typeof last === 'number') {
        const list = path.slice(0, -1)
        const entry = holes.get(formatPath(list)) ?? { path: list, at: [] }
        entry.at = [...entry.at, last].sort((a, b) => a - b)
        holes.set(formatPath(list), entry)
        working.set(path, HOLE)
      } else working.set(path, undefined)
    }
    const again = schema.safeParse(forParsing(working.root, drops, holes))
    if (again.success) return { ok: true, value: withRootNotices(again.data, drops) }
    issues = again.error.issues
  }
  return decodeWith(schema, value, at)
}
