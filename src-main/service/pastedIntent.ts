import { dialectRenames } from '../../src-shared/contract/dialect'
import { orElse } from '../../src-shared/contract/errors'
import { parseJsonLossless } from '../../src-shared/contract/losslessJson'
import { IntentSchema, type Intent } from '../../src-shared/contract/service'
import { memberText } from './jsonSpan'
import { sameJson } from './quotedIntents'
import type { WireCodec } from './wireDialect'

/**
 * The text of a pasted intent (a QuoteIntent answer or the bare intent), to commit byte
 * for byte: the deployed service refuses a re-encoding (`gasPrice` written back as a
 * number is a 400), and after a restart the client no longer holds what it was sent. The
 * pasted text goes back only when it is the intent being committed, in this profile's
 * wire form:
 *
 * - read as the Commit view reads it, or through the wire, it is the same intent;
 * - it uses no spec spelling this service renames (text copied from the raw view is the
 *   spec's form, not the service's);
 * - every field it shares with the client's own encoding has the same JSON type.
 *
 * Otherwise `undefined`, and the client re-encodes as usual.
 */
export function pastedIntentText(pasted: string, intent: Intent, wire: WireCodec): string | undefined {
  const json = orElse<unknown>(() => parseJsonLossless(pasted), undefined)
  if (!isRecord(json)) return undefined
  const wrapped = isRecord(json.intent)
  const text = wrapped ? memberText(pasted, 'intent') : pasted.trim()
  const wireIntent = wrapped ? json.intent : json
  if (text === undefined) return undefined

  // The Commit view reads the text without the wire's renames; the client with them.
  const same = (v: unknown) => {
    const read = IntentSchema.safeParse(v)
    return read.success && sameJson(read.data, intent)
  }
  if (!same(wireIntent) && !same(wire.decode(wireIntent))) return undefined
  if (usesRenamedSpelling(wireIntent, new Set(dialectRenames(wire.dialect).keys()))) return undefined
  const own: unknown = JSON.parse(wire.encode(IntentSchema, intent))
  return sameTypes(JSON.parse(text), own) ? text : undefined
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Whether any key, at any depth, is a spec name this service spells differently. */
function usesRenamedSpelling(value: unknown, specNames: ReadonlySet<string>): boolean {
  if (specNames.size === 0 || typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some((v) => usesRenamedSpelling(v, specNames))
  return Object.entries(value).some(([k, v]) => specNames.has(k) || usesRenamedSpelling(v, specNames))
}

const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

/**
 * Every path present in both values holds the same JSON type. Paths only one side has
 * are ignored: the client leaves out what normalising dropped (a zero time, a null).
 */
function sameTypes(a: unknown, b: unknown): boolean {
  const kind = kindOf(a)
  if (kind !== kindOf(b)) return false
  if (kind === 'array' && (a as unknown[]).length !== (b as unknown[]).length) return false
  if (kind !== 'array' && kind !== 'object') return true
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  return Object.keys(x).every((k) => !(k in y) || sameTypes(x[k], y[k]))
}
