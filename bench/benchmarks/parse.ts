import { startSimulator } from '../../tools/simulator'
import { parseJson, toJson } from '../../tools/simulator/wire'
import { parseJsonLossless } from '../../src-shared/contract/losslessJson'
import { Resources, type Benchmark } from '../lib/benchmark'
import { cpuMsOf } from '../lib/cpu'
import { atMost, type Figure } from '../lib/report'
import { median } from '../lib/stats'

const ENTRIES = 1000
/** The simulator serves at most 100 entries a page; ten pages make the response. */
const PAGE = 100

/**
 * The text of a 1,000-entry GetIntentHistory answer exactly as the simulator writes it
 * (big amounts as bare digits): ten pages joined with the simulator's own lossless wire
 * reader and writer, so no digit is lost on the way.
 */
async function historyText(url: string): Promise<string> {
  const intents: unknown[] = []
  let nextPage: unknown
  for (let i = 0; i < ENTRIES / PAGE; i++) {
    const res = await fetch(`${url}/rpc/Svc/GetIntentHistory`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Key': 'demo-key' },
      body: JSON.stringify({ page: nextPage ?? { pageSize: PAGE } }),
      signal: AbortSignal.timeout(30_000),
    })
    if (!res.ok) throw new Error(`GetIntentHistory: ${res.status} ${await res.text()}`)
    const page = parseJson(await res.text()) as { intents: unknown[]; nextPage: unknown }
    intents.push(...page.intents)
    nextPage = page.nextPage
  }
  return toJson({ intents, nextPage })
}

/**
 * 4. Lossless parse against `JSON.parse` of the same text, timed in pairs whose order
 * alternates, so both meet the same machine state; the figure is the median of the
 * per-pair ratios. Both are synchronous work on one thread, timed in CPU time, which the
 * machine's other load does not distort.
 */
export const parse: Benchmark = {
  name: 'parse',
  needs: {},
  async run(ctx) {
    const pairs = ctx.quick ? 15 : 41
    const res = new Resources()
    let text: string
    try {
      const sim = res.add('the simulator', await startSimulator({ port: 0, intents: 2 * ENTRIES }), (s) => s.stop())
      text = await historyText(sim.url)
    } finally {
      await res.close()
    }

    // Real work, checked: every entry parsed, and long amounts kept as exact digit strings.
    const parsed = parseJsonLossless(text) as { intents: unknown[] }
    if (parsed.intents.length !== ENTRIES) throw new Error(`the response holds ${parsed.intents.length} entries, not ${ENTRIES}`)
    if (!/"\d{22,}"/.test(JSON.stringify(parsed))) throw new Error('no amount beyond 2^53 survived as a digit string')

    // Warm-up, so both parsers are compiled before timing.
    for (let i = 0; i < 5; i++) {
      JSON.parse(text)
      parseJsonLossless(text)
    }
    const native: number[] = []
    const lossless: number[] = []
    for (let i = 0; i < pairs; i++) {
      if (i % 2) {
        lossless.push(cpuMsOf(() => parseJsonLossless(text)))
        native.push(cpuMsOf(() => JSON.parse(text)))
      } else {
        native.push(cpuMsOf(() => JSON.parse(text)))
        lossless.push(cpuMsOf(() => parseJsonLossless(text)))
      }
    }
    const ratios = lossless.map((l, i) => l / native[i])
    const size = `${(text.length / 2 ** 20).toFixed(1)} MiB`
    ctx.log(`parse: ${ENTRIES} entries, ${size}`)
    return [
      { name: 'parse.lossless.vs_json', value: median(ratios), unit: 'x', target: atMost(2), runs: ratios, note: `CPU time, ${pairs} alternating pairs on ${size}, median ratio` },
      { name: 'parse.lossless.time', value: median(lossless), unit: 'ms', runs: lossless, note: `CPU time, ${size}` },
      { name: 'parse.json.time', value: median(native), unit: 'ms', runs: native, note: `CPU time, ${size}` },
    ] satisfies Figure[]
  },
}
