import { isSpecDialect, RenameSchema, SPEC_DIALECT, ServiceNameSchema, WireDialectSchema, type Rename, type WireDialect } from '@contract/dialect'

/**
 * The wire form as a person edits it in Settings: the renames are a textarea of
 * `neutral=wire` lines. Validated with the contract's own schemas so Settings refuses
 * exactly what the main process would, but with the line named beside the field.
 */

export const draftOfDialect = (d: WireDialect = SPEC_DIALECT) => ({
  serviceName: d.serviceName,
  bigInts: d.bigInts,
  renames: d.renames.map((r) => `${r.neutral}=${r.wire}`).join('\n'),
})

export type DialectDraft = ReturnType<typeof draftOfDialect>
export type DialectErrors = Partial<Record<'serviceName' | 'renames', string>>

/** One `neutral=wire` line, or why it is not one. */
function parseRenameLine(line: string, n: number): { rename: Rename } | { problem: string } {
  const parts = line.split('=')
  if (parts.length !== 2) return { problem: `Line ${n} “${line}”: write it as neutral=wire` }
  const parsed = RenameSchema.safeParse({ neutral: parts[0].trim(), wire: parts[1].trim() })
  if (!parsed.success) return { problem: `Line ${n} “${line}”: ${parsed.error.issues[0].message}` }
  return { rename: parsed.data }
}

/** The dialect the draft describes, or a message per field naming the first bad line. */
export function parseDialectDraft(draft: DialectDraft): { ok: true; dialect: WireDialect } | { ok: false; errors: DialectErrors } {
  const errors: DialectErrors = {}
  const name = ServiceNameSchema.safeParse(draft.serviceName)
  if (!name.success) errors.serviceName = name.error.issues[0].message

  // The non-blank lines, each with its 1-based line number for messages.
  const lines = draft.renames
    .split(/\r?\n/)
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter((l) => l.line !== '')
  const read = lines.map(({ line, n }) => parseRenameLine(line, n))
  const renames = read.flatMap((r) => ('rename' in r ? [r.rename] : []))
  errors.renames = read.flatMap((r) => ('problem' in r ? [r.problem] : []))[0]
  if (errors.serviceName || errors.renames) return { ok: false, errors }

  // The whole-dialect rules (a name renamed twice, too many renames) come from the contract.
  const whole = WireDialectSchema.safeParse({ serviceName: name.data, renames, bigInts: draft.bigInts })
  if (whole.success) return { ok: true, dialect: whole.data }
  const issue = whole.error.issues[0]
  const index = issue.path[1]
  const where = typeof index === 'number' && lines[index] ? `Line ${lines[index].n} “${lines[index].line}”: ` : ''
  return { ok: false, errors: { [issue.path[0] === 'serviceName' ? 'serviceName' : 'renames']: `${where}${issue.message}` } }
}

/** Same wire form: the renames compared in order, as the client applies them. */
export const sameDialect = (a: WireDialect, b: WireDialect): boolean =>
  a.serviceName === b.serviceName &&
  a.bigInts === b.bigInts &&
  a.renames.length === b.renames.length &&
  a.renames.every((r, i) => r.neutral === b.renames[i].neutral && r.wire === b.renames[i].wire)

/** "Wire form: the spec's" or "Wire form: Acme · big integers as strings · 2 renames": what a profile card shows. */
export function dialectSummary(d: WireDialect | undefined): string {
  if (!d || isSpecDialect(d)) return "Wire form: the spec's (Svc, big integers as numbers)"
  const renames = d.renames.length ? ` · ${d.renames.length} rename${d.renames.length === 1 ? '' : 's'} (${d.renames.map((r) => `${r.neutral}=${r.wire}`).join(', ')})` : ''
  return `Wire form: ${d.serviceName} · big integers as ${d.bigInts === 'string' ? 'strings' : 'numbers'}${renames}`
}
