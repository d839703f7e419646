/**
 * The wire form the simulator serves: the spec's (`/rpc/Svc/`, neutral names, big
 * integers as numbers) by default, or a deployed service's (its own RPC name, renamed
 * fields, big integers as strings, and the deployed shapes of materialise/deployed.ts).
 * Operations build spec-form objects; this module turns them into the served form and
 * turns requests back into the spec's names.
 */
import { isSpecDialect, SPEC_DIALECT, WireDialectSchema, type WireDialect, type WireDialectInput } from '../../src-shared/contract/dialect'
import { renameMembers, servedRenames } from './renames'
import { deployedIntent, deployedReceipt, deployedReceiptStates } from './materialise/deployed'
import { intentObject } from './materialise/intent'
import { receiptObject } from './materialise/receipt'
import { receiptStates } from './machine'
import type { IntentRecord } from './records'
import { toJson } from './wire'

export interface SimWire {
  readonly dialect: WireDialect
  /** The deployed service's shapes and enum spellings, rather than the spec's. */
  readonly deployed: boolean
  /** `/rpc/<ServiceName>/` */
  readonly rpcPrefix: string
  /** JSON text of an answer built in spec form: big integers in the dialect's form. */
  json(value: unknown): string
  /** Renames the spec's field names in finished answer text to the wire's. */
  renameOut(text: string): string
  /** A parsed request with the wire's field names turned back into the spec's. */
  renameIn(body: unknown): unknown
  intent(r: IntentRecord): Record<string, unknown>
  receipt(r: IntentRecord): Record<string, unknown>
  receiptStates(r: IntentRecord): string[]
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function simWire(input: WireDialectInput = SPEC_DIALECT): SimWire {
  const dialect = WireDialectSchema.parse(input)
  const deployed = !isSpecDialect(dialect)
  const toWire = servedRenames(dialect)
  const fromWire = new Map([...toWire].map(([neutral, wire]) => [wire, neutral]))
  // Keys only: a name followed by a colon, as JSON.stringify writes members.
  const keyPattern = toWire.size ? new RegExp(`"(${[...toWire.keys()].map(escapeRe).join('|')})":`, 'g') : null
  const bigInts = dialect.bigInts
  return {
    dialect,
    deployed,
    rpcPrefix: `/rpc/${dialect.serviceName}/`,
    json: (value) => toJson(value, bigInts),
    renameOut: (text) => (keyPattern ? text.replace(keyPattern, (_m, k: string) => `"${toWire.get(k)}":`) : text),
    renameIn: (body) => renameMembers(body, fromWire),
    intent: (r) => (deployed ? deployedIntent(intentObject(r), r) : intentObject(r)),
    receipt: (r) => (deployed ? deployedReceipt(receiptObject(r), r) : receiptObject(r)),
    receiptStates: (r) => (deployed ? deployedReceiptStates(r) : receiptStates(r)),
  }
}
