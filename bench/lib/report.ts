import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { cpus, loadavg, release, totalmem } from 'node:os'
import { chromiumPath } from '../../e2e/chromium'

/** What a figure must reach: at least (`>=`) or at most (`<=`) `value`. */
export interface Target {
  op: '>=' | '<='
  value: number
}

export interface Figure {
  /** Dotted name, e.g. `cache.ingest.rate`. */
  name: string
  value: number
  unit: string
  /** Absent only for a figure shown as context for another (the raw rate behind a ratio). */
  target?: Target
  /** The per-run values `value` summarises (median of these), for the record. */
  runs?: number[]
  /** How the figure was taken, in a few words, kept in results.json. */
  note?: string
}

export const atLeast = (value: number): Target => ({ op: '>=', value })
export const atMost = (value: number): Target => ({ op: '<=', value })

export function passes(f: Figure): boolean {
  if (!f.target) return true
  return f.target.op === '>=' ? f.value >= f.target.value : f.value <= f.target.value
}

/** Enough digits to compare with the target, no more. */
export function formatValue(v: number): string {
  if (!Number.isFinite(v) || Number.isInteger(v)) return String(v)
  const abs = Math.abs(v)
  if (abs >= 100) return String(Math.round(v))
  if (abs >= 10) return v.toFixed(1)
  return v.toFixed(2)
}

/** `name value unit target PASS|FAIL`; context figures end in `- INFO`. */
export function formatLine(f: Figure): string {
  const target = f.target ? `${f.target.op}${f.target.value}` : '-'
  const verdict = f.target ? (passes(f) ? 'PASS' : 'FAIL') : 'INFO'
  return `${f.name} ${formatValue(f.value)} ${f.unit} ${target} ${verdict}`
}

export interface MachineInfo {
  cores: number
  cpuModel: string
  memoryGiB: number
  node: string
  chromium: string
  kernel: string
  /** 1-minute load average when the run started and ended: how busy the machine was. */
  loadAverage: { start: number; end?: number }
}

function chromiumVersion(): string {
  const path = chromiumPath()
  if (!path) return 'not found'
  try {
    // Debian's wrapper script may complain on stderr; the version is the first stdout line.
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 15_000 }).trim()
  } catch {
    return 'unknown'
  }
}

export function machineInfo(): MachineInfo {
  return {
    cores: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    chromium: chromiumVersion(),
    kernel: release(),
    loadAverage: { start: loadavg()[0] },
  }
}

export interface BenchmarkOutcome {
  name: string
  seconds: number
  /** Set when the benchmark could not finish; its targets count as missed. */
  error?: string
}

export interface Results {
  date: string
  quick: boolean
  machine: MachineInfo
  benchmarks: BenchmarkOutcome[]
  figures: Array<Figure & { pass: boolean | null }>
  pass: boolean
}

export function writeResults(path: string, r: Omit<Results, 'pass' | 'figures'> & { figures: Figure[] }): Results {
  const figures = r.figures.map((f) => ({
    ...f,
    // JSON has no Infinity: a figure that never arrived is recorded as null.
    value: Number.isFinite(f.value) ? f.value : (null as unknown as number),
    pass: f.target ? passes(f) : null,
  }))
  const results: Results = {
    ...r,
    figures,
    pass: r.benchmarks.every((b) => !b.error) && r.figures.every(passes),
  }
  writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`)
  return results
}
