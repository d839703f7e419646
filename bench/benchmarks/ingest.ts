import type { IngestMode, IngestRun } from '../browser/api'
import { Resources, within, type Benchmark } from '../lib/benchmark'
import { launchChromium } from '../lib/chromium'
import { startHarnessServer } from '../lib/harness-server'
import { startHistorySource } from '../lib/history-data'
import { atLeast, type Figure } from '../lib/report'
import { median } from '../lib/stats'

/**
 * 1. Cache ingest: history entries with full receipts (from the simulator, normalised by
 * the app's service client) written through `cacheHistoryPage`, a page of 100 per call as
 * "load all" does, against raw IndexedDB puts of the same objects in the same browser.
 * Each round runs both, alternating which goes first, on fresh databases.
 */
export const ingest: Benchmark = {
  name: 'ingest',
  needs: { harness: true },
  async run(ctx) {
    const entries = ctx.quick ? 5_000 : 20_000
    const rounds = ctx.quick ? 2 : 3
    const res = new Resources()
    try {
      ctx.log(`ingest: generating ${entries} history entries`)
      const source = res.add('the simulator', await startHistorySource(entries), (s) => s.stop())
      const server = res.add('the harness server', await startHarnessServer({ pages: (i) => source.page(i) }), (s) => s.stop())
      const browser = res.add('Chromium', await launchChromium(ctx.scratch('ingest')), (b) => b.close())
      const { page } = browser
      await page.goto(`${server.origin}/`)
      await page.waitForFunction(() => 'bench' in window, undefined, { timeout: 30_000 })
      const loaded = await within(300_000, 'loading history pages', page.evaluate((n) => window.bench.loadPages(n), source.pages))
      if (loaded !== entries) throw new Error(`expected ${entries} entries, the page holds ${loaded}`)

      const runs: Record<IngestMode, IngestRun[]> = { app: [], raw: [] }
      for (let round = 0; round < rounds; round++) {
        const order: IngestMode[] = round % 2 ? ['raw', 'app'] : ['app', 'raw']
        for (const mode of order) {
          const db = `bench-ingest-${round}-${mode}`
          const run = await within(120_000, `${mode} ingest`, page.evaluate(([m, name]) => window.bench.ingest(m, name), [mode, db] as const))
          runs[mode].push(run)
          ctx.log(`ingest: round ${round + 1}/${rounds} ${mode} ${Math.round(run.ms)} ms`)
        }
      }
      browser.checkPage()

      const rate = (r: IngestRun) => r.entries / (r.ms / 1000)
      const appRates = runs.app.map(rate)
      const rawRates = runs.raw.map(rate)
      const ratios = appRates.map((a, i) => a / rawRates[i])
      const note = `${entries} entries in pages of 100, ${rounds} alternating rounds, median`
      return [
        { name: 'cache.ingest.rate', value: median(appRates), unit: 'entries/s', target: atLeast(4000), runs: appRates, note },
        { name: 'cache.ingest.vs_raw', value: median(ratios), unit: 'x', target: atLeast(0.8), runs: ratios, note: 'app rate / raw rate within each round' },
        { name: 'cache.ingest.raw_rate', value: median(rawRates), unit: 'entries/s', runs: rawRates, note },
      ] satisfies Figure[]
    } finally {
      await res.close()
    }
  },
}
