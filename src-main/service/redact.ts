/**
 * Scrubbing a secret out of text a service wrote. `split(secret)` misses a cut message's
 * prefix of the key, a key split across two fields and another case, so every run of text
 * made of the key's pieces (`FRAGMENT` characters of it in a row, any case) is replaced;
 * shorter keys are matched whole. Callers redact before they cut anything.
 */
export const REDACTED = '[redacted]'

/** Shortest piece of a key that is scrubbed on its own; short enough that no prefix of a cut key survives usefully. */
const FRAGMENT = 6

/**
 * Shortest piece of a key scrubbed from records that are not errors (answers, watch
 * states, files): six characters would also match ordinary data (a 32-digit hex key has
 * 27 six-digit pieces, and an answer millions of hex digits); twelve match by chance
 * about never and still catch the key and any long part of it.
 */
export const RECORD_FRAGMENT = 12

export function redactSecret(text: string, secret: string | undefined, fragment = FRAGMENT): string {
  if (!secret || !text) return text
  const n = Math.min(fragment, secret.length)
  const key = secret.toLowerCase()
  const pieces = new Set<string>()
  for (let i = 0; i + n <= key.length; i++) pieces.add(key.slice(i, i + n))
  const lower = text.toLowerCase()
  // Mark every position covered by a piece of the key, then replace each covered run once.
  const covered = new Uint8Array(text.length)
  for (let i = 0; i + n <= lower.length; i++) {
    if (pieces.has(lower.slice(i, i + n))) covered.fill(1, i, i + n)
  }
  let out = ''
  for (let i = 0; i < text.length; ) {
    if (!covered[i]) {
      out += text[i++]
      continue
    }
    while (i < text.length && covered[i]) i++
    out += REDACTED
  }
  return out
}

/** Nesting walked by `redactDeep` (answers deeper than 256 are refused as read); a value past it is replaced whole. */
export const MAX_REDACT_DEPTH = 320

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A quick test for "may hold a piece of a key": one case-insensitive regular expression, so clean strings cost one scan. */
function mayHoldPiece(secrets: readonly string[], fragment: number): (text: string) => boolean {
  const pieces = new Set<string>()
  for (const secret of secrets) {
    const n = Math.min(fragment, secret.length)
    for (let i = 0; i + n <= secret.length; i++) pieces.add(escapeRegExp(secret.slice(i, i + n).toLowerCase()))
  }
  const pattern = new RegExp([...pieces].join('|'), 'i')
  return (text) => pattern.test(text)
}

/** Sets a property as data, so a key named `__proto__` stays a key and does not change the prototype. */
export const put = (o: Record<PropertyKey, unknown>, key: PropertyKey, value: unknown) =>
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })

export interface RedactOptions {
  /** Shortest piece of a key scrubbed (`FRAGMENT`, six, unless given). */
  fragment?: number
  /** Fields whose whole value is an error (`error`): scrubbed with the six-character rule whatever `fragment` is. */
  errorFields?: ReadonlySet<string>
}

/**
 * The one redaction of records leaving main (bridge answers and failures, events, files):
 * every string at any depth, object keys included, loses every piece of every secret.
 * Copy on write, so a large clean answer costs a scan and no copy; shared objects are
 * walked once, and past `MAX_REDACT_DEPTH` a value becomes `REDACTED`.
 */
export function redactDeep<T>(value: T, secrets: ReadonlyArray<string | undefined>, opts: RedactOptions = {}): T {
  const keys = [...new Set(secrets.filter((s): s is string => !!s))]
  if (!keys.length) return value
  const fragment = opts.fragment ?? FRAGMENT
  const errorFields = opts.errorFields
  if (errorFields && fragment !== FRAGMENT) {
    // Walked with the record's rule; the error fields within it, with the errors' rule.
    const strict = (v: unknown) => redactDeep(v, keys)
    return walkRecord(value, keys, fragment, (field, v) => (errorFields.has(field) ? strict(v) : undefined))
  }
  return walkRecord(value, keys, fragment, () => undefined)
}

/** `redactDeep`'s walk; `special` may take over a field's value (return `undefined` to walk it as usual). */
function walkRecord<T>(value: T, keys: readonly string[], fragment: number, special: (field: string, v: unknown) => unknown): T {
  const holds = mayHoldPiece(keys, fragment)
  const text = (s: string) => (holds(s) ? keys.reduce((t, k) => redactSecret(t, k, fragment), s) : s)
  // Field names repeat across every row of a list: each is read once.
  const names = new Map<string, string>()
  const name = (k: string) => names.get(k) ?? (names.set(k, text(k)), names.get(k)!)
  // Each object walked once; one met again while it is still being walked is a cycle,
  // which no record that can be written as JSON has, and is cut rather than followed.
  const done = new Map<object, unknown>()
  const walk = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return text(v)
    if (v === null || typeof v !== 'object') return v
    if (done.has(v)) return done.get(v)
    if (depth >= MAX_REDACT_DEPTH) return REDACTED
    if (Array.isArray(v)) {
      let out: unknown[] | undefined
      done.set(v, REDACTED)
      v.forEach((item, i) => {
        const r = walk(item, depth + 1)
        if (r !== item) (out ??= [...v])[i] = r
      })
      done.set(v, out ?? v)
      return out ?? v
    }
    // Records are plain data; any other object is read by its own fields, as JSON and structured clone read it.
    return walkObject(v as Record<string, unknown>, depth)
  }
  const walkObject = (v: Record<string, unknown>, depth: number): unknown => {
    done.set(v, REDACTED)
    let changed = false
    const entries = Object.keys(v).map((k) => {
      const key = name(k)
      const item = special(k, v[k]) ?? walk(v[k], depth + 1)
      if (key !== k || item !== v[k]) changed = true
      return [key, item] as const
    })
    done.set(v, v)
    if (!changed) return v
    const out: Record<string, unknown> = Object.getPrototypeOf(v) === null ? Object.create(null) : {}
    for (const [k, item] of entries) put(out, k, item)
    done.set(v, out)
    return out
  }
  return walk(value, 0) as T
}
