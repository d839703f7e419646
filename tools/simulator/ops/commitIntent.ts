/**
 * CommitIntent: accepts only the unmodified quoted intent, within its validity.
 *
 * The submission is compared field by field with the quoted intent as it went out on
 * the wire. A quoted number compares by value whatever JSON form it comes back in
 * (number, big integer or decimal string); a quoted string must come back unchanged,
 * except 0x-hex, which compares ignoring case; `status` and the fields the
 * spec leaves out of a committed intent (`edge`, `destinationCalls`,
 * `destinationPrecondition`, `destinationMetaTxn`, `gasFeeOptions`,
 * `fees.destinationGas`) are not compared, so they may be left out. Anything else that
 * differs, is missing or is extra rejects the commit with WebrpcBadRequest (400), naming
 * the field in `cause`.
 */
import { Args } from '../args'
import type { OpRequest } from '../context'
import { SimError } from '../errors'
import { parseJson } from '../wire'
import { requireIntent } from './lookup'
import { isHexData } from '../../../src-shared/contract/formats'

const OPTIONAL_TOP = new Set(['status', 'edge', 'destinationCalls', 'destinationPrecondition', 'destinationMetaTxn', 'gasFeeOptions'])
const OPTIONAL_NESTED = new Set(['fees.destinationGas'])


function numericValue(v: unknown): string | null {
  if (typeof v === 'bigint') return v.toString()
  if (typeof v === 'number' && Number.isFinite(v)) return Number.isInteger(v) ? BigInt(v).toString() : String(v)
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return v.includes('.') ? String(Number(v)) : BigInt(v).toString()
  return null
}

function sameScalar(quoted: unknown, sent: unknown, strict: boolean): boolean {
  // The deployed service refuses a plain string sent back as a number, and the reverse.
  if (strict && typeof quoted !== typeof sent && !(typeof quoted === 'bigint' && typeof sent === 'number')) return false
  if (typeof quoted === 'number' || typeof quoted === 'bigint') {
    const a = numericValue(quoted)
    return a !== null && a === numericValue(sent)
  }
  if (typeof quoted === 'string' && typeof sent === 'string' && isHexData(quoted)) return quoted.toLowerCase() === sent.toLowerCase()
  return quoted === sent
}

/** Path of the first difference between the quoted value and the submitted one, or null. */
function firstDifference(quoted: unknown, sent: unknown, strict: boolean, path = ''): string | null {
  const here = path || 'intent'
  if (Array.isArray(quoted)) {
    if (!Array.isArray(sent) || sent.length !== quoted.length) return here
    for (let i = 0; i < quoted.length; i++) {
      const d = firstDifference(quoted[i], sent[i], strict, `${path}[${i}]`)
      if (d) return d
    }
    return null
  }
  if (typeof quoted === 'object' && quoted !== null) {
    if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) return here
    const q = quoted as Record<string, unknown>
    const s = sent as Record<string, unknown>
    const optional = (k: string) => (path === '' ? OPTIONAL_TOP.has(k) && !(strict && k === 'gasFeeOptions') : OPTIONAL_NESTED.has(`${path}.${k}`))
    for (const k of new Set([...Object.keys(q), ...Object.keys(s)])) {
      if (optional(k) || (q[k] === undefined && s[k] === null)) continue
      const child = path ? `${path}.${k}` : k
      if (!(k in s)) return child
      if (!(k in q)) return child
      const d = firstDifference(q[k], s[k], strict, child)
      if (d) return d
    }
    return null
  }
  return sameScalar(quoted, sent, strict) ? null : here
}

export function commitIntent({ ctx, args }: OpRequest) {
  const submitted = args.raw('intent')
  const r = requireIntent(ctx.dataset, Args.of(submitted, 'intent'))
  if (r.status !== 'QUOTED') throw new SimError('IntentStatus', `intent is ${r.status}; only a QUOTED intent can be committed`, 'intent.intentId')
  if (ctx.clock.now() > r.expiresAt) throw new SimError('QuoteExpired', 'the quote has expired; request a new quote', 'intent.expiresAt')
  const quoted = parseJson(ctx.wire.json(ctx.wire.intent(r)))
  const diff = firstDifference(quoted, submitted, ctx.wire.deployed)
  if (diff) throw new SimError('BadRequest', `the submitted intent differs from the quoted intent at ${diff}`, diff)
  ctx.lifecycle.commit(r)
  return { intentId: r.intentId }
}
