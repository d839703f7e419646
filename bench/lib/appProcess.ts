/**
 * The app's main side (core, embedded simulator with its admin surface, browser host) in
 * a process of its own, so its CPU time can be read apart from the benchmark's. Prints
 * `ready <launchUrl> <simulatorUrl>` when it serves; stops cleanly on SIGTERM.
 * Usage: node --import tsx bench/lib/appProcess.ts <data dir>
 */
import { startApp } from './app'

async function main(): Promise<void> {
  const dataDir = process.argv[2]
  if (!dataDir) throw new Error('usage: appProcess.ts <data dir>')
  const app = await startApp({ dataDir, intents: 2_000, admin: true })
  process.once('SIGTERM', () => void app.stop().then(() => process.exit(0)))
  console.log(`ready ${app.launchUrl()} ${app.simulatorUrl}`)
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
