import { runCli } from './main'

/** `npm run cli -- <command>`: see `USAGE` in args.ts and the README. */
const controller = new AbortController()
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort())

void runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  env: process.env,
  signal: controller.signal,
}).then((code) => {
  process.exitCode = code
})
