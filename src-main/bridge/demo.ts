/**
 * The demo behind the built-in Simulator profile, and the one place the product loads
 * the simulator (`tools/simulator`), by a dynamic `import()` into a chunk of its own that
 * is read only when the Simulator profile is used. It answers in this process: the
 * profile's client hands its requests to the simulator's responder instead of a socket
 * (`demoFetch.ts`), so no port listens and nothing else can reach the demo or its
 * well-known key; its URL is the fixed origin `IN_PROCESS_DEMO_ORIGIN`. A demo already running (the
 * e2e harness, the bench) is handed in and reached over HTTP.
 */
import { IN_PROCESS_DEMO_ORIGIN } from '../../src-shared/contract/app'
import type { RunningSimulator, SimAnswer, SimRequest, SimResponder, SimulatorOptions } from '../../tools/simulator'

export type { SimAnswer as DemoAnswer, SimRequest as DemoRequest } from '../../tools/simulator'

/** How the demo is made: the simulator's options (size, start date, wire form…); nothing listens. */
export type DemoOptions = Omit<SimulatorOptions, 'port' | 'host' | 'admin'>

/** A demo already running, reached over HTTP; whoever started it stops it. */
export type DemoService = Pick<RunningSimulator, 'url'>

/** Loads the simulator's module; tests pass their own to see whether it is loaded at all. */
export type DemoLoader = () => Promise<{ createResponder: (opts: DemoOptions) => SimResponder }>

/** The product's only route to the simulator: a separate chunk, read on first use. */
export const loadSimulator: DemoLoader = () => import('../../tools/simulator')

export interface Demo {
  /** The Simulator profile's URL: the running demo's handed in, else `IN_PROCESS_DEMO_ORIGIN`. */
  readonly baseUrl: string
  /** Where the demo answers once it is in use (`baseUrl`); undefined until then. */
  url(): string | undefined
  /** Loads the demo on first use (once, however many ask at the same moment). */
  ensure(): Promise<void>
  /** Answers one of the Simulator profile's requests in this process (loading the demo first); absent for a demo handed in. */
  readonly respond?: (req: SimRequest) => Promise<SimAnswer>
  /** Ends held requests and stops the demo if this app made it. */
  stop(): Promise<void>
}

export interface DemoSetup {
  /** Options for the demo made on first use. */
  options?: DemoOptions
  /** A demo already running (the e2e harness starts its own, with its admin surface). */
  running?: DemoService
  load?: DemoLoader
  /** Told once the in-process demo is loaded. */
  onStarted?: (url: string) => void
}

const closing = () => new Error('The app is closing; the demo was not started.')

export function createDemo(setup: DemoSetup = {}): Demo {
  let responder: SimResponder | undefined
  let loading: Promise<SimResponder> | undefined
  let closed = false
  const load = async (): Promise<SimResponder> => {
    const { createResponder } = await (setup.load ?? loadSimulator)()
    if (closed) throw closing()
    responder = createResponder({ ...setup.options })
    setup.onStarted?.(IN_PROCESS_DEMO_ORIGIN)
    return responder
  }
  const ready = async (): Promise<SimResponder> => {
    if (responder) return responder
    if (closed) throw closing()
    // A failed load is tried again on the next use.
    loading ??= load().finally(() => (loading = undefined))
    return loading
  }
  const running = setup.running
  return {
    baseUrl: running?.url ?? IN_PROCESS_DEMO_ORIGIN,
    url: () => running?.url ?? (responder ? IN_PROCESS_DEMO_ORIGIN : undefined),
    ensure: async () => {
      if (!running) await ready()
    },
    respond: running ? undefined : async (req) => (await ready()).respond(req),
    stop: async () => {
      closed = true
      await loading?.catch(() => undefined)
      responder?.stop()
    },
  }
}
