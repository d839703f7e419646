import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import type { Readable } from 'node:stream'

export const ROOT = resolve(__dirname, '../..')

export interface Child {
  proc: ChildProcess
  pid: number
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>
}

/**
 * Runs a TypeScript entry point in its own Node process (through tsx's loader, so the
 * pid is the process doing the work, not a launcher), optionally with an IPC channel.
 */
export function startTsProcess(script: string, args: string[] = [], opts: { ipc?: boolean; node?: string } = {}): Child {
  const proc = spawn(opts.node ?? process.execPath, ['--import', 'tsx', resolve(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe', ...(opts.ipc ? (['ipc'] as const) : [])],
  })
  if (proc.pid === undefined) throw new Error(`could not start ${script}`)
  const exited = new Promise<void>((done) => proc.once('exit', () => done()))
  return {
    proc,
    pid: proc.pid,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return
      proc.kill('SIGTERM')
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Resolves with the first match of `pattern` in the stream's lines, or rejects after `timeoutMs`. */
export function waitForLine(stream: Readable, pattern: RegExp, timeoutMs: number, what: string): Promise<RegExpMatchArray> {
  return new Promise((resolvePromise, reject) => {
    let buffered = ''
    const timer = setTimeout(() => finish(new Error(`${what} did not start within ${timeoutMs} ms; it printed: ${buffered.slice(-500)}`)), timeoutMs)
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      const m = pattern.exec(buffered)
      if (m) finish(null, m)
    }
    const onEnd = () => finish(new Error(`${what} exited before it was ready; it printed: ${buffered.slice(-500)}`))
    function finish(error: Error | null, match?: RegExpMatchArray) {
      clearTimeout(timer)
      stream.off('data', onData)
      stream.off('end', onEnd)
      if (error) reject(error)
      else resolvePromise(match!)
    }
    stream.on('data', onData)
    stream.on('end', onEnd)
  })
}

export interface SimulatorProcess extends Child {
  url: string
}

/**
 * The simulator as `npm run sim` runs it, in a process of its own so that on two cores
 * the simulator and whatever reads from it do not share one event loop.
 */
export async function startSimulatorProcess(o: { intents: number; seed?: number }): Promise<SimulatorProcess> {
  const child = startTsProcess('tools/simulator/cli.ts', ['--port', '0', '--intents', String(o.intents), '--seed', String(o.seed ?? 1)])
  const stderr: string[] = []
  child.proc.stderr?.on('data', (c: Buffer) => stderr.push(c.toString('utf8')))
  try {
    const [, url] = await waitForLine(child.proc.stdout!, /listening on (http:\/\/\S+)/, 120_000, 'the simulator')
    // Keep draining output so a chatty child never blocks on a full pipe.
    child.proc.stdout!.resume()
    return { ...child, url }
  } catch (e) {
    await child.stop()
    throw new Error(`${(e as Error).message}\n${stderr.join('').slice(-500)}`, { cause: e })
  }
}
