/**
 * `npm run security:scan`: Electronegativity over the main-process sources and the built
 * app, failing on every finding that the reviewed allowlist does not explain.
 *
 * Electronegativity itself exits 0 whatever it finds, so this script reads its SARIF
 * report and decides. It fails when:
 * - a finding matches no allowlist entry (rule id + file glob);
 * - an allowlist entry matches no finding (it is stale: remove it);
 * - an entry has no real justification;
 * - a file could not be parsed (it was not scanned at all).
 *
 * Offline: the one check that downloads Electron's release list is left out (the
 * Electron version is pinned in package.json and reviewed as a dependency). The tool
 * also tries, once and with a one-second limit, to fetch translations of its messages;
 * without a network it carries on in English.
 *
 * The build output must exist: run `npm run build` first (`npm test` builds before it).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative, resolve, sep } from 'node:path'
import { transformSync } from 'esbuild'
import { z } from 'zod'

const ROOT = resolve(__dirname, '..')
const ALLOWLIST = join(ROOT, 'security', 'electronegativity-allowlist.json')
/** Where the SARIF report is kept for CI to upload. */
const REPORT = join(ROOT, 'test-results', 'electronegativity.sarif')
/** Needs the network; see the header. */
const EXCLUDED_CHECKS = ['AvailableSecurityFixesGlobalCheck']

const AllowlistSchema = z.object({
  entries: z.array(
    z.strictObject({
      rule: z.string().regex(/^[A-Z_]+$/, 'a rule id such as SANDBOX_JS_CHECK'),
      files: z.string().min(1),
      justification: z.string().trim().min(40, 'say why the finding does not apply (at least a sentence)'),
    }),
  ),
})
type Entry = z.infer<typeof AllowlistSchema>['entries'][number]

export interface Finding {
  rule: string
  file: string
  line: number
  message: string
}

/** `**` any number of folders, `*` anything within one path segment, `{a,b}` either. */
export function globToRegExp(glob: string): RegExp {
  let out = ''
  let braces = 0
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]
    if (c === '*' && glob[i + 1] === '*') {
      out += glob[i + 2] === '/' ? '(?:.*/)?' : '.*'
      i += glob[i + 2] === '/' ? 2 : 1
    } else if (c === '*') out += '[^/]*'
    else if (c === '?') out += '[^/]'
    else if (c === '{') {
      braces++
      out += '(?:'
    } else if (c === '}' && braces > 0) {
      braces--
      out += ')'
    } else if (c === ',' && braces > 0) out += '|'
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${out}$`)
}

/** Findings as the SARIF report lists them, with paths relative to the scanned folder. */
export function findingsFromSarif(sarif: unknown): Finding[] {
  const runs = (sarif as { runs?: Array<{ results?: unknown[] }> }).runs ?? []
  return runs.flatMap((run) =>
    (run.results ?? []).map((r) => {
      const result = r as {
        ruleId: string
        message?: { text?: string }
        locations?: Array<{ physicalLocation?: { artifactLocation?: { uri?: string }; region?: { startLine?: number } } }>
      }
      const where = result.locations?.[0]?.physicalLocation
      return {
        rule: result.ruleId,
        file: (where?.artifactLocation?.uri ?? '').replace(/^file:\/\/\/?/, '').replace(/\\/g, '/'),
        line: where?.region?.startLine ?? 0,
        message: result.message?.text ?? '',
      }
    }),
  )
}

/** Splits findings into accepted and refused, and names entries that matched nothing. */
export function judge(findings: Finding[], entries: Entry[]): { refused: Finding[]; stale: Entry[] } {
  const used = new Set<Entry>()
  const refused = findings.filter((f) => {
    const entry = entries.find((e) => e.rule === f.rule && globToRegExp(e.files).test(f.file))
    if (entry) used.add(entry)
    return !entry
  })
  return { refused, stale: entries.filter((e) => !used.has(e)) }
}

/**
 * What is scanned, copied side by side so one run sees all of it (the CSP check needs
 * the built page as well as the code): the main-process sources, the contract they share
 * with the renderer, and the built app. The
 * tool reads only .js/.ts/.html, so the sandboxed preload bundle (.cjs) is scanned as .js.
 */
function stage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'electronegativity-'))
  for (const part of ['src-main', 'src-shared']) cpSync(join(ROOT, part), join(dir, part), { recursive: true })
  for (const part of ['main', 'preload', 'renderer']) cpSync(join(ROOT, 'out', part), join(dir, 'out', part), { recursive: true })
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]))
  for (const file of walk(join(dir, 'out'))) if (file.endsWith('.cjs')) renameSync(file, file.replace(/\.cjs$/, '.js'))
  for (const file of walk(join(dir, 'out'))) if (file.endsWith('.js')) lowerSyntax(file)
  return dir
}

/**
 * The tool's parser predates class private fields (ES2022), which libraries in the
 * renderer bundle use, and it skips a file it cannot parse. The staged copy is lowered to
 * ES2021 syntax: names, calls and properties the checks look for stay as they are, so the
 * built code is scanned rather than skipped. The shipped bundle is not touched.
 */
function lowerSyntax(file: string): void {
  writeFileSync(file, transformSync(readFileSync(file, 'utf8'), { loader: 'js', target: 'es2021' }).code)
}

/** The tool writes its report with a callback it does not wait for: read once it is complete. */
async function readWhenWritten(path: string, timeoutMs = 10_000): Promise<unknown> {
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 50))) {
    try {
      return JSON.parse(readFileSync(path, 'utf8'))
    } catch (e) {
      if (Date.now() - started > timeoutMs) throw new Error(`no complete report at ${path}: ${(e as Error).message}`, { cause: e })
    }
  }
}

interface EngResult {
  errors: Array<{ file: string; message: string; tolerable: boolean }>
}

async function main(): Promise<number> {
  for (const built of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'])
    if (!existsSync(join(ROOT, built))) {
      console.error(`security:scan needs the built app (${built} is missing): run \`npm run build\` first.`)
      return 2
    }
  const parsed = AllowlistSchema.safeParse(JSON.parse(readFileSync(ALLOWLIST, 'utf8')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    console.error(`${relative(ROOT, ALLOWLIST)}: ${issue.path.join('.')}: ${issue.message}`)
    return 1
  }
  const electronVersion = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
    .devDependencies.electron

  const dir = stage()
  const sarifPath = join(dir, 'report.sarif')
  try {
    // The tool is CommonJS without types; loaded lazily so the helpers above stay importable in tests.
    const run = createRequire(__filename)('@doyensec/electronegativity') as (o: object) => Promise<EngResult>
    const started = Date.now()
    const result = await run({
      input: dir,
      output: sarifPath,
      isSarif: true,
      isRelative: true,
      electronVersionOverride: electronVersion,
      excludeFromScan: EXCLUDED_CHECKS,
    })
    const sarif = await readWhenWritten(sarifPath)
    mkdirSync(join(ROOT, 'test-results'), { recursive: true })
    writeFileSync(REPORT, JSON.stringify(sarif, null, 2))

    const unparsed = result.errors.filter((e) => !e.tolerable)
    const findings = findingsFromSarif(sarif)
    const { refused, stale } = judge(findings, parsed.data.entries)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(
      `Electronegativity ${electronVersion ? `(Electron ${electronVersion}) ` : ''}scanned src-main, src-shared and out/ in ${seconds} s: ` +
        `${findings.length} finding(s), ${findings.length - refused.length} allowed by ${relative(ROOT, ALLOWLIST)}. Report: ${relative(ROOT, REPORT)}`,
    )
    for (const e of unparsed) console.error(`NOT SCANNED ${relative(dir, e.file).split(sep).join('/')}: ${e.message}`)
    for (const f of refused) console.error(`FINDING ${f.rule} ${f.file}:${f.line} — ${f.message}`)
    for (const e of stale) console.error(`STALE ALLOWLIST ENTRY ${e.rule} ${e.files}: it matches no finding any more; remove it.`)
    if (refused.length)
      console.error('Fix each finding, or add an entry to the allowlist with a justification a reviewer can check.')
    return unparsed.length || refused.length || stale.length ? 1 : 0
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

// Run as a script (`tsx scripts/electronegativity.ts`), not when a test imports the helpers.
if (process.argv[1] && resolve(process.argv[1]) === __filename) {
  void main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(`security:scan failed to run: ${e instanceof Error ? e.stack : String(e)}`)
      process.exit(2)
    },
  )
}
