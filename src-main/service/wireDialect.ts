import type { z } from 'zod'
import { dialectRenames, isSpecDialect, SPEC_DIALECT, type WireDialect } from '../../src-shared/contract/dialect'
import { orElse } from '../../src-shared/contract/errors'
import { parseJsonLossless } from '../../src-shared/contract/losslessJson'
import { renameKeys } from './renameKeys'
import { encodeWire } from './wireEncode'

/**
 * The wire edge of one profile's dialect: the RPC path, field renames in both
 * directions, and the big-integer form of requests. Nothing past this module sees a
 * wire name; everything inside keeps the spec's.
 */
export interface WireCodec {
  readonly dialect: WireDialect
  /** `/rpc/<ServiceName>/<Operation>` */
  path(operation: string): string
  /** A validated, normalised request as the service's JSON text. */
  encode(schema: z.core.$ZodType, value: unknown): string
  /** A lossless-parsed answer with the spec's field names. */
  decode(json: unknown): unknown
}

type Renames = ReadonlyMap<string, string>

/** Request values the deployed wire spells differently from the spec, by top-level field. */
const DEPLOYED_SPELLINGS: Record<string, Record<string, string>> = { byIntentProtocol: { v1_5: 'v1.5' } }

function respell(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const out = { ...(value as Record<string, unknown>) }
  for (const [field, spellings] of Object.entries(DEPLOYED_SPELLINGS)) {
    const v = out[field]
    if (typeof v === 'string' && spellings[v] !== undefined) out[field] = spellings[v]
  }
  return out
}

/**
 * Yield answers may carry their data as a JSON string in `payload`; its fields are wire
 * names too, so it is read (losslessly) and renamed here. An unreadable payload is left
 * for the decoder to report.
 */
function renamePayload(body: unknown, names: Renames): unknown {
  if (names.size === 0 || typeof body !== 'object' || body === null || Array.isArray(body)) return body
  const payload = (body as { payload?: unknown }).payload
  if (typeof payload !== 'string') return body
  return orElse(() => ({ ...body, payload: renameKeys(parseJsonLossless(payload), names) }), body)
}

export function wireCodec(dialect: WireDialect = SPEC_DIALECT): WireCodec {
  const toWire = dialectRenames(dialect)
  const fromWire = new Map([...toWire].map(([neutral, wire]) => [wire, neutral]))
  const prefix = `/rpc/${encodeURIComponent(dialect.serviceName)}/`
  // Any dialect other than the spec's is a deployed service's, with its enum spellings.
  const spell = isSpecDialect(dialect) ? (v: unknown) => v : respell
  return {
    dialect,
    path: (operation) => prefix + operation,
    encode: (schema, value) => encodeWire(schema, spell(value), { bigInts: dialect.bigInts, renames: toWire }),
    decode: (json) => renamePayload(renameKeys(json, fromWire), fromWire),
  }
}
