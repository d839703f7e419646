import { SIMULATOR_PROFILE_ID } from '../../src-main/settings/profiles'
import type { RouteStatsRun } from '../browser/api'
import { Resources, within, type Benchmark } from '../lib/benchmark'
import { openCachedHarness } from '../lib/cachedProfile'
import { atMost } from '../lib/report'
import { median } from '../lib/stats'

/**
 * 8. Route statistics over the large cache, through the app's own store and worker (as
 * the Routes view, the intent page and the SLA timers ask for them): the time until the
 * figures arrive on the page, and the longest frame on the page meanwhile.
 */
export const routes: Benchmark = {
  name: 'routes',
  needs: { harness: true },
  async run(ctx) {
    const runs = 3
    const profile = await ctx.cachedProfile()
    const res = new Resources()
    try {
      const browser = await openCachedHarness(profile, res)
      const { page } = browser
      const once = () => within(120_000, 'route statistics', page.evaluate((id) => window.bench.routeStats(id), SIMULATOR_PROFILE_ID))
      // Warm-up: the worker's code loaded and compiled, the database opened.
      await once()
      const results: RouteStatsRun[] = []
      for (let i = 0; i < runs; i++) {
        const r = await once()
        if (r.rows !== profile.intents) throw new Error(`route statistics covered ${r.rows} intents, expected ${profile.intents}`)
        results.push(r)
        ctx.log(`routes: run ${i + 1}/${runs} ${r.ms.toFixed(0)} ms, ${r.routes} routes, longest frame ${Math.max(...r.frames).toFixed(1)} ms over ${r.frames.length} frames`)
      }
      browser.checkPage()
      const times = results.map((r) => r.ms)
      const longest = results.map((r) => Math.max(0, ...r.frames))
      const note = `${profile.intents} cached intents, window "everything", ${results[0].routes} routes; median of ${runs} runs after a warm-up`
      return [
        { name: 'routes.stats.time', value: median(times), unit: 'ms', target: atMost(2000), runs: times, note },
        { name: 'routes.stats.max_frame', value: median(longest), unit: 'ms', target: atMost(50), runs: longest, note: `longest requestAnimationFrame interval on the page while the statistics were computed; ${note}` },
      ]
    } finally {
      await res.close()
    }
  },
}
