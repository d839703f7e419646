import { Agent, request } from 'node:http'
import { startSimulator } from '../../tools/simulator'
import { Resources, sleep, type Benchmark } from '../lib/benchmark'
import { processCpuSeconds } from '../lib/cpu'
import { startSimulatorProcess } from '../lib/processes'
import { seededRandom } from '../lib/random'
import { atLeast, atMost, type Figure } from '../lib/report'
import { median } from '../lib/stats'

const INTENTS = 100_000
/** The History view's default page size (the spec recommends 10–30 per page). */
const PAGE_SIZE = 20
/** Requests in flight at once, each on its own kept-alive connection. */
const CONCURRENCY = 8

/** One GetIntentHistory page; resolves with the body length once it is fully read. */
function historyPage(agent: Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'X-Access-Key': 'demo-key', 'Content-Length': Buffer.byteLength(body) }, timeout: 10_000 },
      (res) => {
        let length = 0
        res.on('data', (c: Buffer) => (length += c.length))
        res.on('end', () => (res.statusCode === 200 ? resolve(length) : reject(new Error(`GetIntentHistory answered ${res.statusCode}`))))
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error('GetIntentHistory timed out')))
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * Requests per second over `ms`: CONCURRENCY loops, each asking for the page after a
 * random id cursor (so most answers are built afresh, not served from the simulator's
 * cache of recent entries), counting answers that arrived whole.
 */
async function requestRate(baseUrl: string, ms: number, seed: number): Promise<{ answered: number; seconds: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  const url = new URL(`${baseUrl}/rpc/Svc/GetIntentHistory`)
  const random = seededRandom(seed)
  let answered = 0
  const started = performance.now()
  const end = started + ms
  const loop = async () => {
    while (performance.now() < end) {
      const after = 1 + Math.floor(random() * INTENTS)
      const length = await historyPage(agent, url, JSON.stringify({ page: { column: 'id', after, pageSize: PAGE_SIZE } }))
      // An answer this small cannot hold a page of entries with receipts.
      if (after > PAGE_SIZE && length < PAGE_SIZE * 500) throw new Error(`a history page of ${length} bytes`)
      answered++
    }
  }
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, loop))
  } finally {
    agent.destroy()
  }
  return { answered, seconds: (performance.now() - started) / 1000 }
}

/**
 * 7. The simulator: how long 100,000 intents take to generate (in this process, from
 * the call to a listening server), and how many GetIntentHistory pages it serves per
 * second on loopback to a bounded, kept-alive client in another process.
 */
export const simulator: Benchmark = {
  name: 'simulator',
  needs: {},
  async run(ctx) {
    const generations = ctx.quick ? 1 : 3
    const rateRuns = ctx.quick ? 2 : 3
    const rateMs = ctx.quick ? 3_000 : 5_000

    const wallS: number[] = []
    const cpuS: number[] = []
    for (let i = 0; i < generations; i++) {
      const cpuBefore = process.cpuUsage()
      const started = performance.now()
      const sim = await startSimulator({ port: 0, intents: INTENTS })
      wallS.push((performance.now() - started) / 1000)
      const cpu = process.cpuUsage(cpuBefore)
      cpuS.push((cpu.user + cpu.system) / 1e6)
      await sim.stop()
      ctx.log(`simulator: generated ${sim.dataset.size} intents in ${wallS[i].toFixed(1)} s (${cpuS[i].toFixed(1)} s CPU)`)
      if (sim.dataset.size < INTENTS) throw new Error(`the dataset holds ${sim.dataset.size} intents`)
    }

    const res = new Resources()
    const rates: number[] = []
    const cpuMsPerRequest: number[] = []
    try {
      const child = res.add('the simulator process', await startSimulatorProcess({ intents: INTENTS }), (c) => c.stop())
      await requestRate(child.url, 1_000, 0)
      for (let i = 0; i < rateRuns; i++) {
        const cpuBefore = processCpuSeconds(child.pid)
        const { answered, seconds } = await requestRate(child.url, rateMs, i + 1)
        rates.push(answered / seconds)
        cpuMsPerRequest.push(((processCpuSeconds(child.pid) - cpuBefore) * 1000) / answered)
        ctx.log(`simulator: ${Math.round(rates[i])} requests/s, ${cpuMsPerRequest[i].toFixed(2)} ms CPU each`)
        await sleep(200)
      }
    } finally {
      await res.close()
    }
    const load = `pages of ${PAGE_SIZE} after random cursors, ${CONCURRENCY} kept-alive connections, ${rateRuns} runs of ${rateMs / 1000} s, median`
    return [
      { name: 'sim.generate.time', value: median(wallS), unit: 's', target: atMost(5), runs: wallS, note: `${INTENTS} intents, call to listening server, median of ${generations}` },
      { name: 'sim.generate.cpu', value: median(cpuS), unit: 's', runs: cpuS, note: 'CPU time of the same generations: the wall time on an otherwise idle machine' },
      { name: 'sim.history.rate', value: median(rates), unit: 'requests/s', target: atLeast(500), runs: rates, note: load },
      {
        name: 'sim.history.cpu',
        value: median(cpuMsPerRequest),
        unit: 'ms/request',
        runs: cpuMsPerRequest,
        note: `simulator process CPU per answered page (its one event loop serves at most 1000/this per second); ${load}`,
      },
    ] satisfies Figure[]
  },
}
