/**
 * The deployed wire's field names, as the simulator serves them: its own list and rule,
 * kept apart from the client's (`src-shared/contract/dialect.ts` `dialectRenames`,
 * `src-main/service/renameKeys.ts`), so a test against the simulator cannot pass because
 * both sides derive the same wrong name.
 */
import type { WireDialect } from '../../src-shared/contract/dialect'

/** The spec's fields that carry the word `service`; the deployed wire writes its own name there. */
const FIELDS_WITH_SERVICE_WORD = [
  'serviceVersion',
  'serviceContracts',
  'serviceIntentEntrypointAddress',
  'serviceRouterAddress',
  'serviceRouterShimAddress',
  'serviceUtilsAddress',
  'serviceFee',
  'serviceFeeUsd',
  'serviceFeeTotal',
  'quoteProviderWithServiceFee',
  'providerWithServiceFeeUsd',
  'serviceFeesPriceImpact',
  'serviceAddressOverrides',
]

/** Spec name → wire name for a served dialect. */
export function servedRenames(d: WireDialect): Map<string, string> {
  const out = new Map<string, string>()
  if (d.serviceName !== 'Svc') {
    const name = d.serviceName
    const lead = name[0].toLowerCase() + name.slice(1)
    const inner = name[0].toUpperCase() + name.slice(1)
    for (const f of FIELDS_WITH_SERVICE_WORD) out.set(f, f.startsWith('service') ? lead + f.slice('service'.length) : f.split('Service').join(inner))
  }
  for (const r of d.renames) out.set(r.neutral, r.wire)
  for (const [k, v] of out) if (k === v) out.delete(k)
  return out
}

/** A copy of `value` with object keys renamed by `names`. */
export function renameMembers(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (names.size === 0 || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((v) => renameMembers(v, names))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) out[names.get(k) ?? k] = renameMembers(v, names)
  return out
}
