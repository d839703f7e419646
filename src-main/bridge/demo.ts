/**
 * The demo behind the built-in Simulator profile, and the one place the product loads
 * the simulator (`tools/simulator`, not part of the product tree). It is loaded with a
 * dynamic `import()`, so the bundler keeps it in a chunk of its own that is read only
 * when the Simulator profile is used: chosen at start, chosen later in Settings, or
 * asked by something still tied to it (a watch of a simulated intent). With a real
 * service active, no simulator code is loaded and no demo socket listens.
 *
 * The demo listens on a free loopback port, started on first use and stopped with the
 * app. Its well-known key (`demo-key`) opens nothing else: the service is made up.
 */
import type { RunningSimulator, SimulatorOptions } from '../../tools/simulator'

/** How the demo is started: the simulator's options (size, start date, wire form…). */
export type DemoOptions = SimulatorOptions

/** What the app holds of a running demo. */
export type DemoService = Pick<RunningSimulator, 'url' | 'stop'>

/** Loads the simulator's module; tests pass their own to see whether it is loaded at all. */
export type DemoLoader = () => Promise<{ startSimulator: (opts: SimulatorOptions) => Promise<DemoService> }>

/** The product's only route to the simulator: a separate chunk, read on first use. */
export const loadSimulator: DemoLoader = () => import('../../tools/simulator')

export interface Demo {
  /** The demo's URL, starting it on first use (once, however many ask at the same moment). */
  ensure(): Promise<string>
  /** The running demo's URL; undefined until it is started. */
  url(): string | undefined
  /** Stops the demo if this app started it. */
  stop(): Promise<void>
}

export interface DemoSetup {
  /** Options for the demo started on first use. */
  options?: DemoOptions
  /** A demo already running (the e2e harness starts its own, with its admin surface); whoever started it stops it. */
  running?: DemoService
  load?: DemoLoader
  /** Told the URL once a demo this app started listens. */
  onStarted?: (url: string) => void
}

export function createDemo(setup: DemoSetup = {}): Demo {
  let service: DemoService | undefined = setup.running
  let starting: Promise<DemoService> | undefined
  let closed = false
  const start = async (): Promise<DemoService> => {
    const { startSimulator } = await (setup.load ?? loadSimulator)()
    const started = await startSimulator({ port: 0, ...setup.options })
    if (closed) {
      await started.stop()
      throw new Error('The app is closing; the demo was not started.')
    }
    service = started
    setup.onStarted?.(started.url)
    return started
  }
  return {
    url: () => service?.url,
    ensure: async () => {
      if (service) return service.url
      if (closed) throw new Error('The app is closing; the demo was not started.')
      // A failed start is tried again on the next use.
      starting ??= start().finally(() => (starting = undefined))
      return (await starting).url
    },
    stop: async () => {
      closed = true
      await starting?.catch(() => undefined)
      if (service && service !== setup.running) await service.stop()
    },
  }
}
