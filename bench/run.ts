/**
 * `npm run bench [-- --only name,name] [-- --quick]`: runs the benchmarks one after
 * another, prints one line per figure (`name value unit target PASS|FAIL`) on stdout,
 * progress on stderr, writes bench/results.json and exits non-zero if a target is missed
 * or a benchmark could not finish. See bench/README.md.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ingest } from './benchmarks/ingest'
import { lookups } from './benchmarks/lookups'
import { parse } from './benchmarks/parse'
import { routes } from './benchmarks/routes'
import { scroll } from './benchmarks/scroll'
import { search } from './benchmarks/search'
import { session } from './benchmarks/session'
import { simulator } from './benchmarks/simulator'
import { startup } from './benchmarks/startup'
import { watch } from './benchmarks/watch'
import { yieldHistory } from './benchmarks/yield'
import type { BenchContext, Benchmark } from './lib/benchmark'
import { buildApp, buildHarness } from './lib/build'
import { buildCachedProfile, type CachedProfile } from './lib/cachedProfile'
import { formatLine, machineInfo, writeResults, type BenchmarkOutcome, type Figure } from './lib/report'

/** In the order. */
const BENCHMARKS: Benchmark[] = [ingest, lookups, scroll, parse, watch, startup, search, session, simulator, routes, yieldHistory]

const USAGE = `usage: npm run bench [-- --only ${BENCHMARKS.map((b) => b.name).join(',')}] [-- --quick]`

function options(): { selected: Benchmark[]; quick: boolean } {
  const { values } = parseArgs({
    options: { only: { type: 'string' }, quick: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  })
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  if (!values.only) return { selected: BENCHMARKS, quick: values.quick }
  const names = values.only.split(',').map((n) => n.trim()).filter(Boolean)
  const unknown = names.filter((n) => !BENCHMARKS.some((b) => b.name === n))
  if (unknown.length || !names.length) {
    console.error(`unknown benchmark ${unknown.join(', ') || '(none given)'}\n${USAGE}`)
    process.exit(2)
  }
  return { selected: BENCHMARKS.filter((b) => names.includes(b.name)), quick: values.quick }
}

async function main(): Promise<number> {
  const { selected, quick } = options()
  const log = (m: string) => console.error(`# ${m}`)
  const machine = machineInfo()
  log(`${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.chromium}, load ${machine.loadAverage.start.toFixed(2)}${quick ? ', quick variant' : ''}`)

  const scratchRoot = mkdtempSync(join(tmpdir(), 'ie-bench-'))
  let scratchCount = 0
  let cached: Promise<CachedProfile> | undefined
  const ctx: BenchContext = {
    quick,
    log,
    scratch: (label) => {
      const dir = join(scratchRoot, `${++scratchCount}-${label}`)
      mkdirSync(dir)
      return dir
    },
    cachedProfile: () => (cached ??= buildCachedProfile({ intents: quick ? 20_000 : 100_000, userDataDir: ctx.scratch('cached-profile'), log })),
  }

  const figures: Figure[] = []
  const outcomes: BenchmarkOutcome[] = []
  try {
    // A failed build fails the benchmarks that need it, not the whole run.
    const buildErrors: Partial<Record<keyof Benchmark['needs'], string>> = {}
    const builds = [
      { need: 'app', what: 'the app (npm run build)', build: buildApp },
      { need: 'harness', what: 'the cache harness page', build: buildHarness },
    ] as const
    for (const { need, what, build } of builds) {
      if (!selected.some((b) => b.needs[need])) continue
      log(`building ${what}`)
      await build().catch((e: unknown) => (buildErrors[need] = `building ${what} failed: ${(e as Error).message}`))
    }
    for (const b of selected) {
      const started = Date.now()
      log(`${b.name}: starting`)
      try {
        const buildError = builds.map(({ need }) => (b.needs[need] ? buildErrors[need] : undefined)).find(Boolean)
        if (buildError) throw new Error(buildError)
        const got = await b.run(ctx)
        for (const f of got) console.log(formatLine(f))
        figures.push(...got)
        outcomes.push({ name: b.name, seconds: Math.round((Date.now() - started) / 1000) })
      } catch (e) {
        const error = (e as Error).message
        console.log(`${b.name} ERROR ${error.split('\n')[0]}`)
        log((e as Error).stack ?? error)
        outcomes.push({ name: b.name, seconds: Math.round((Date.now() - started) / 1000), error })
      }
    }
  } finally {
    rmSync(scratchRoot, { recursive: true, force: true })
  }

  machine.loadAverage.end = loadavg()[0]
  const results = writeResults(resolve(__dirname, 'results.json'), { date: new Date().toISOString(), quick, machine, benchmarks: outcomes, figures })
  log(`load ${machine.loadAverage.end.toFixed(2)} at the end; results in bench/results.json`)
  return results.pass ? 0 : 1
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e)
    process.exit(1)
  },
)
