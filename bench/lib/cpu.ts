import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { sleep } from './benchmark'

/**
 * CPU time, the measure other load on the machine cannot inflate: a busy machine makes
 * work take longer on the clock, but hardly use more CPU. On an idle machine the CPU time of
 * single-threaded work is (at least) its wall time.
 */

/** CPU ms (user + system, all threads) this process spends on `work`. */
export function cpuMsOf(work: () => unknown): number {
  const before = process.cpuUsage()
  work()
  const used = process.cpuUsage(before)
  return (used.user + used.system) / 1000
}

let clockTicks: number | undefined

/** User + system CPU seconds from a /proc `stat` file (of a process or of one thread). */
function taskCpuSeconds(statPath: string): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  const stat = readFileSync(statPath, 'utf8')
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / clockTicks
}

/** CPU seconds (user + system, all threads) process `pid` has used so far. */
export const processCpuSeconds = (pid: number): number => taskCpuSeconds(`/proc/${pid}/stat`)

/** CPU use of process `pid` while `work` runs, as a percentage of one core. */
export async function cpuPercentWhile(pid: number, work: () => Promise<unknown>): Promise<number> {
  const before = processCpuSeconds(pid)
  const started = performance.now()
  await work()
  return ((processCpuSeconds(pid) - before) / ((performance.now() - started) / 1000)) * 100
}

/** Pids and command lines of the processes of the Chromium started with `userDataDir` (all name it). */
function chromiumProcesses(userDataDir: string): Array<{ pid: string; cmdline: string }> {
  const found: Array<{ pid: string; cmdline: string }> = []
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (cmdline.includes(userDataDir)) found.push({ pid, cmdline })
    } catch {
      // The process ended while being looked at.
    }
  }
  return found
}

/** Like taskCpuSeconds, but 0 for a process that has just ended. */
function cpuSecondsOrNone(statPath: string): number {
  try {
    return taskCpuSeconds(statPath)
  } catch {
    return 0
  }
}

/** CPU seconds used so far by every process of that Chromium (browser, renderers, GPU, utilities). */
export const chromiumCpuSeconds = (userDataDir: string): number =>
  chromiumProcesses(userDataDir).reduce((sum, p) => sum + cpuSecondsOrNone(`/proc/${p.pid}/stat`), 0)

/**
 * CPU seconds used so far by the main threads of that Chromium's renderer processes:
 * where the page's script, style, layout and paint run. A process's main thread is the
 * task whose id is the process id.
 */
export const rendererMainThreadCpuSeconds = (userDataDir: string): number =>
  chromiumProcesses(userDataDir)
    .filter((p) => p.cmdline.includes('--type=renderer'))
    .reduce((sum, p) => sum + cpuSecondsOrNone(`/proc/${p.pid}/task/${p.pid}/stat`), 0)

/**
 * Waits until that Chromium's processes together use less than `share` of one core over
 * a second (its storage backend has finished compacting and deleting what the last
 * step wrote), or `maxMs` has passed. Returns how long it waited.
 */
export async function chromiumQuiet(userDataDir: string, opts: { share?: number; maxMs?: number } = {}): Promise<number> {
  const share = opts.share ?? 0.05
  const maxMs = opts.maxMs ?? 60_000
  const started = performance.now()
  for (;;) {
    const before = chromiumCpuSeconds(userDataDir)
    const t = performance.now()
    await sleep(1_000)
    const used = (chromiumCpuSeconds(userDataDir) - before) / ((performance.now() - t) / 1000)
    if (used < share || performance.now() - started >= maxMs) return performance.now() - started
  }
}
