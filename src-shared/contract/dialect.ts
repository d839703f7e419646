import { z } from 'zod'

/**
 * How one service spells its wire. The spec writes the RPC service as `Svc`, `service` in
 * field names, neutral words for vendor ones and big integers as numbers; a deployed
 * service uses its own name and words and strings for big integers. The client translates
 * at the wire edge, so everything inside keeps the spec's names.
 */

/** The spec's name for the RPC service, and the default. */
export const SPEC_SERVICE_NAME = 'Svc'

export const BIG_INT_FORMS = ['number', 'string'] as const
export type BigIntForm = (typeof BIG_INT_FORMS)[number]

const fieldName = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Use a field name: letters, digits and _ only, not starting with a digit')

export const ServiceNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'Use the RPC service name: letters and digits, starting with a letter (e.g. Svc)')
  .max(64)

/** One vendor word: the spec's neutral field name and the name the service uses on the wire. */
export const RenameSchema = z.object({ neutral: fieldName, wire: fieldName })
export type Rename = z.output<typeof RenameSchema>

export const WireDialectSchema = z
  .object({
    serviceName: ServiceNameSchema.default(SPEC_SERVICE_NAME),
    renames: z.array(RenameSchema).max(100).default([]),
    /** `number`: big integers as bare JSON numbers (the spec); `string`: as decimal strings (the deployed wire). */
    bigInts: z.enum(BIG_INT_FORMS).default('number'),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<string>()
    d.renames.forEach((r, i) => {
      for (const name of [r.neutral, r.wire]) {
        if (seen.has(name)) ctx.addIssue({ code: 'custom', message: `“${name}” is renamed twice`, path: ['renames', i] })
        seen.add(name)
      }
    })
  })
export type WireDialect = z.output<typeof WireDialectSchema>
export type WireDialectInput = z.input<typeof WireDialectSchema>

export const SPEC_DIALECT: WireDialect = { serviceName: SPEC_SERVICE_NAME, renames: [], bigInts: 'number' }

export const isSpecDialect = (d: WireDialect): boolean =>
  d.serviceName === SPEC_SERVICE_NAME && d.renames.length === 0 && d.bigInts === 'number'

/**
 * Every field the spec names with the word `service`, which the deployed wire replaces by
 * the service's name in the same case (`serviceVersion` → `<name>Version`). A test checks
 * this list against the schemas.
 */
export const SERVICE_WORD_FIELDS = [
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
] as const

/** `serviceFoo` → `<name>Foo`, `xServiceFoo` → `x<Name>Foo`. */
export function serviceWordRename(field: string, serviceName: string): string {
  const lower = serviceName.charAt(0).toLowerCase() + serviceName.slice(1)
  const upper = serviceName.charAt(0).toUpperCase() + serviceName.slice(1)
  return field.replace(/^service/, lower).replace(/Service/g, upper)
}

/**
 * Neutral → wire field names for a dialect: the service-word fields (only when the
 * service has its own name) and then the explicit vendor renames, which win.
 */
export function dialectRenames(d: WireDialect): Map<string, string> {
  const out = new Map<string, string>()
  if (d.serviceName !== SPEC_SERVICE_NAME) {
    for (const f of SERVICE_WORD_FIELDS) out.set(f, serviceWordRename(f, d.serviceName))
  }
  for (const r of d.renames) out.set(r.neutral, r.wire)
  for (const [k, v] of out) if (k === v) out.delete(k)
  return out
}

/** `neutral=wire` as typed on a command line or in Settings. */
export function parseRename(text: string): Rename | undefined {
  const m = /^\s*([^=\s]+)\s*=\s*([^=\s]+)\s*$/.exec(text)
  if (!m) return undefined
  const parsed = RenameSchema.safeParse({ neutral: m[1], wire: m[2] })
  return parsed.success ? parsed.data : undefined
}

/**
 * `--service-name`, `--rename neutral=wire`… and `--big-ints`, as the simulator and
 * `npm run doctor` take them: the dialect, or a message naming the flag at fault.
 */
export function dialectFromFlags(flags: { serviceName?: string; renames?: string[]; bigInts?: string }): { dialect: WireDialect } | { error: string } {
  const renames: Rename[] = []
  for (const text of flags.renames ?? []) {
    const r = parseRename(text)
    if (!r) return { error: `--rename must be neutral=wire (two field names), got "${text}"` }
    renames.push(r)
  }
  const parsed = WireDialectSchema.safeParse({ serviceName: flags.serviceName, renames, bigInts: flags.bigInts })
  if (parsed.success) return { dialect: parsed.data }
  const issue = parsed.error.issues[0]
  const flag = issue?.path[0] === 'serviceName' ? '--service-name' : issue?.path[0] === 'bigInts' ? '--big-ints' : '--rename'
  return { error: `${flag}: ${issue?.message}` }
}
