import type { IngestMode, IngestRun } from '../browser/api'
import { Resources, within, type Benchmark } from '../lib/benchmark'
import { launchChromium } from '../lib/chromium'
import { chromiumCpuSeconds, chromiumQuiet } from '../lib/cpu'
import { startHarnessServer } from '../lib/harnessServer'
import { startHistorySource } from '../lib/historyData'
import { atLeast, type Figure } from '../lib/report'
import { median } from '../lib/stats'

/**
 * 1. Cache ingest: history entries with full receipts (from the simulator, normalised by
 * the app's service client) written through `cacheHistoryPage`, a page of 100 per call as
 * "load all" does, against raw IndexedDB puts of the same objects in the same browser.
 * The app's rate is to stored (staged in the journal, durable, readable by id); the time
 * until every entry is also filed for offline search is reported beside it, with plain
 * puts of the records filing writes (the schema's own cost, without the layer's), and with
 * the floor: the entries, each holding every lookup as a number in one multiEntry index.
 * Each round runs all four on fresh databases, in a rotating order.
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
      const userDataDir = ctx.scratch('ingest')
      const browser = res.add('Chromium', await launchChromium(userDataDir), (b) => b.close())
      const { page } = browser
      await page.goto(`${server.origin}/`)
      await page.waitForFunction(() => 'bench' in window, undefined, { timeout: 30_000 })
      const loaded = await within(300_000, 'loading history pages', page.evaluate((n) => window.bench.loadPages(n), source.pages))
      if (loaded !== entries) throw new Error(`expected ${entries} entries, the page holds ${loaded}`)

      const modes: IngestMode[] = ['app', 'raw', 'schema', 'floor']
      const byMode = <T>() => Object.fromEntries(modes.map((m) => [m, [] as T[]])) as Record<IngestMode, T[]>
      const [runs, cpuUs] = [byMode<IngestRun>(), byMode<number>()]
      for (let round = 0; round < rounds; round++) {
        // Each round starts with a different mode, so none always meets a fresher browser.
        const order = modes.map((_, i) => modes[(i + round) % modes.length])
        for (const mode of order) {
          // A mode that follows another would otherwise pay for its compaction and deletion.
          const waited = await chromiumQuiet(userDataDir)
          const db = `bench-ingest-${round}-${mode}`
          const cpuBefore = chromiumCpuSeconds(userDataDir)
          const run = await within(180_000, `${mode} ingest`, page.evaluate(([m, name]) => window.bench.ingest(m, name), [mode, db] as const))
          // Includes deleting the database afterwards, the same small extra for every mode.
          cpuUs[mode].push(((chromiumCpuSeconds(userDataDir) - cpuBefore) * 1e6) / run.entries)
          runs[mode].push(run)
          ctx.log(
            `ingest: round ${round + 1}/${rounds} ${mode} ${Math.round(run.ms)} ms${run.filedMs > run.ms ? ` (searchable at ${Math.round(run.searchableMs)} ms, filed at ${Math.round(run.filedMs)} ms)` : ''}, ${Math.round(cpuUs[mode][round])} µs CPU an entry, after ${(waited / 1000).toFixed(1)} s for the browser to go quiet`,
          )
        }
      }
      browser.checkPage()

      const rates = (mode: IngestMode) => runs[mode].map((r) => r.entries / (r.ms / 1000))
      const [app, raw, floor] = [rates('app'), rates('raw'), rates('floor')]
      const filed = runs.app.map((r) => r.entries / (r.filedMs / 1000))
      const searchable = runs.app.map((r) => r.entries / (r.searchableMs / 1000))
      const vsRaw = app.map((a, i) => a / raw[i])
      const searchableVsRaw = searchable.map((a, i) => a / raw[i])
      const filedVsRaw = filed.map((a, i) => a / raw[i])
      const floorVsRaw = floor.map((a, i) => a / raw[i])
      const note = `${entries} entries in pages of 100, ${rounds} rounds, median`
      const cpu = (mode: IngestMode, what: string): Figure => ({
        name: `cache.ingest.${mode === 'app' ? '' : `${mode}_`}cpu`,
        value: median(cpuUs[mode]),
        unit: 'µs/entry',
        runs: cpuUs[mode],
        note: `CPU of all Chromium processes per entry, ${what}; ${note}`,
      })
      return [
        { name: 'cache.ingest.rate', value: median(app), unit: 'entries/s', target: atLeast(4000), runs: app, note },
        { name: 'cache.ingest.vs_raw', value: median(vsRaw), unit: 'x', target: atLeast(0.8), runs: vsRaw, note: 'app rate / raw rate within each round' },
        {
          name: 'cache.ingest.searchable_vs_raw',
          value: median(searchableVsRaw),
          unit: 'x',
          target: atLeast(0.8),
          runs: searchableVsRaw,
          note: 'rate from the first page handed over until the last entry is found by offline search by id, hash, owner and free text, over the raw rate within each round',
        },
        { name: 'cache.ingest.searchable_rate', value: median(searchable), unit: 'entries/s', runs: searchable, note },
        { name: 'cache.ingest.raw_rate', value: median(raw), unit: 'entries/s', runs: raw, note: `the entries put into a plain object store; ${note}` },
        {
          name: 'cache.ingest.filed_rate',
          value: median(filedVsRaw),
          unit: 'x',
          target: atLeast(0.5),
          runs: filedVsRaw,
          note: 'entries filed for offline search per second (staging, then the journal filed at once) over raw puts of the same entries, within each round',
        },
        {
          name: 'cache.ingest.floor_vs_raw',
          value: median(floorVsRaw),
          unit: 'x',
          runs: floorVsRaw,
          note: 'the most filed_rate can be while every lookup keeps an IndexedDB index entry: plain puts of the entries, each with its lookups as numbers in one multiEntry index, and a time index, over raw puts, within each round',
        },
        {
          name: 'cache.ingest.filed_entries_rate',
          value: median(filed),
          unit: 'entries/s',
          runs: filed,
          note: `through the cache layer until every entry is also filed for offline search (staging, then the journal filed at once); ${note}`,
        },
        cpu('app', 'through the cache layer, staging and filing'),
        cpu('raw', 'the entries put into a plain object store'),
        cpu('schema', "the records filing writes (entry with lookup keys, summary row) put into the app's own stores and indexes"),
        cpu('floor', 'the entries with their lookups as numbers in one multiEntry index, and a time index'),
      ] satisfies Figure[]
    } finally {
      await res.close()
    }
  },
}
