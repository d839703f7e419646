/**
 * Scrubbing a secret out of text a service wrote. A plain `split(secret)` misses what
 * matters: a cut message keeps a prefix of the key, a key split across two fields is
 * never whole in either, and a service may echo it in another case. So every run of
 * text made of the key's pieces (any `FRAGMENT` characters in a row of the key, matched
 * case-insensitively) is replaced, wherever it is. Keys shorter than that are matched
 * whole. Callers redact before they cut anything.
 */
export const REDACTED = '[redacted]'

/** Shortest piece of a key that is scrubbed on its own; short enough that no prefix of a cut key survives usefully. */
const FRAGMENT = 6

export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || !text) return text
  const n = Math.min(FRAGMENT, secret.length)
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

/** Several fields that end up in one message: each scrubbed, so a key split between them is caught piece by piece. */
export const redactAll = (texts: Array<string | undefined>, secret: string | undefined): Array<string | undefined> =>
  texts.map((t) => (t === undefined ? t : redactSecret(t, secret)))
