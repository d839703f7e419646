import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startAppCore } from '../bridge/appCore'
import { IN_PROCESS_DEMO_ORIGIN } from '../../src-shared/contract/app'
import { FileKeyStore } from '../settings/keystore'
import { profileOrigins } from '../settings/envKey'
import { defaultDataDir, secureDataDir } from '../settings/jsonFile'
import { startHost } from './server'
import { WIRE_FLAG_OPTIONS, WIRE_FLAGS_USAGE, wireDialectFromFlags } from '../service/wireFlags'
import pkg from '../../package.json'

/** `npm run host`: the built renderer and the bridge on loopback only, opened by a per-launch link. */
const usage = `usage: npm run host -- [--port 5180] [--data-dir DIR] [--renderer-dir out/renderer] [--sim-intents 2000] [--verbose] [wire form]
The demo (the built-in Simulator profile, started when that profile is used) serves the spec's wire, or the form given by the
${WIRE_FLAGS_USAGE}`

function fail(message: string): never {
  console.error(`${message}\n${usage}`)
  process.exit(2)
}

const { values, simDialect } = (() => {
  try {
    const { values } = parseArgs({
      options: {
        port: { type: 'string', default: '5180' },
        'data-dir': { type: 'string' },
        'renderer-dir': { type: 'string', default: 'out/renderer' },
        'sim-intents': { type: 'string', default: '2000' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...WIRE_FLAG_OPTIONS,
      },
    })
    return { values, simDialect: wireDialectFromFlags(values) }
  } catch (e) {
    return fail((e as Error).message)
  }
})()

if (values.help) {
  console.log(usage)
  process.exit(0)
}
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be a port number, not “${values.port}”`)
const simIntents = Number(values['sim-intents'])
if (!Number.isInteger(simIntents) || simIntents < 1) fail('--sim-intents must be a positive whole number')

const rendererDir = resolve(values['renderer-dir'])
if (!existsSync(join(rendererDir, 'index.html')))
  fail(`No built renderer in ${rendererDir}: run \`npm run build\` first (or use \`npm start\`, which builds when needed).`)

/** Whether the port can be listened on; another copy of the app (or any program) may hold it. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer()
    probe.once('error', () => done(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)))
  })
}

function exitPortInUse(p: number): never {
  console.error(
    `Port ${p} is already in use — most likely Intent Explorer is already running (\`npm start\` or \`npm run host\` in another terminal).\n` +
      `Use that one: open the link it printed, or stop it with Ctrl+C and start again.\n` +
      `To run a second copy beside it, give it its own port and data folder: npm start -- --port ${p + 1} --data-dir <another folder>`,
  )
  process.exit(1)
}

const dataDir = resolve(values['data-dir'] ?? defaultDataDir(process.env))
secureDataDir(dataDir)

async function main(): Promise<void> {
  // Checked before anything starts, so a second launch says what to do instead of failing halfway.
  if (port !== 0 && !(await portIsFree(port))) exitPortInUse(port)
  const log = values.verbose ? (line: string) => console.log(line) : undefined
  const appCore = await startAppCore({
    runtime: 'host',
    version: pkg.version,
    dataDir,
    // SVC_ACCESS_KEY_PROFILE alone binds the key to that profile's origin as the profiles are read now.
    keyStore: (profiles) =>
      FileKeyStore.open(join(dataDir, 'access-keys.json'), process.env, (message) => console.error(message), { profileOrigin: profileOrigins(profiles) }),
    // Dated from now, so the demo data reads as live activity rather than a fixed day.
    simulator: { intents: simIntents, log, verbose: values.verbose, startAt: Date.now(), dialect: simDialect },
  })
  const host = await startHost({ port, rendererDir, handlers: appCore.handlers, events: appCore.events, logos: appCore.logos, log }).catch(async (e: unknown) => {
    await appCore.stop()
    // Taken between the check and now.
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') exitPortInUse(port)
    throw e
  })

  const demoUrl = appCore.demo.url()
  const demoLine =
    demoUrl === IN_PROCESS_DEMO_ORIGIN
      ? 'Demo service (simulated data): answered in this process, no port open'
      : demoUrl
        ? `Demo service (simulated data) at ${demoUrl}`
        : 'Demo service: not loaded (a real service is active; choosing the Simulator profile loads it)'
  console.log(demoLine)
  console.log(`Intent Explorer is running in the browser host. Open: ${host.launchUrl}`)
  console.log('(The link works once: the tab that opens it keeps its session, and new tabs on the same address share it.)')

  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      void Promise.all([host.stop(), appCore.stop()]).then(() => process.exit(0))
    })
  }
}

void main().catch((e: unknown) => {
  console.error(`The browser host could not start: ${(e as Error).message}`)
  process.exit(1)
})
