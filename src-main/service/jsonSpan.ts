/**
 * The exact source text of one member of a top-level JSON object, e.g. the `intent` of a
 * QuoteIntent answer, so it can be sent back byte for byte. `text` must be valid JSON
 * (it has already been parsed); `undefined` when it is not an object with that member.
 */
export function memberText(text: string, key: string): string | undefined {
  let depth = 0
  let i = 0
  const n = text.length
  /** Index just past the string starting at `from` (a `"`). */
  const skipString = (from: number): number => {
    let j = from + 1
    while (j < n && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1
    return j + 1
  }
  let valueStart = -1
  let expectKey = false
  while (i < n) {
    const c = text[i]
    if (c === '"') {
      const end = skipString(i)
      if (depth === 1 && expectKey) {
        const name: unknown = JSON.parse(text.slice(i, end))
        let j = end
        while (j < n && /\s/.test(text[j])) j++
        if (name === key && text[j] === ':') {
          j++
          while (j < n && /\s/.test(text[j])) j++
          valueStart = j
        }
        expectKey = false
      }
      i = end
      continue
    }
    if (c === '{' || c === '[') {
      depth++
      if (depth === 1 && c === '{') expectKey = true
    } else if (c === '}' || c === ']' || (c === ',' && depth === 1)) {
      if (depth === 1 && valueStart >= 0) return text.slice(valueStart, i).trimEnd()
      if (c === ',') expectKey = true
      else depth--
    }
    i++
  }
  return undefined
}
