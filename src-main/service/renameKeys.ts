/** A copy of `value` with object keys renamed by `names`; untouched when no key needs it. */
export function renameKeys(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (names.size === 0 || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((v) => renameKeys(v, names))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[names.get(k) ?? k] = renameKeys(v, names)
  return out
}
