import { Deadline, Resources, sleep, within, type Benchmark } from '../lib/benchmark'
import { launchChromium } from '../lib/chromium'
import { cpuPercentWhile } from '../lib/cpu'
import { mainRuntime } from '../lib/mainRuntime'
import { startTsProcess, waitForLine } from '../lib/processes'
import { seededRandom, shuffled } from '../lib/random'
import { atLeast, atMost, type Figure } from '../lib/report'
import { mean, p95 } from '../lib/stats'
import { DEFAULT_WAIT_TIMEOUT_MS } from '../../tools/simulator'

async function admin<T>(simulatorUrl: string, action: string, body: unknown): Promise<T> {
  const res = await fetch(`${simulatorUrl}/__sim/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  })
  if (!res.ok) throw new Error(`simulator admin ${action}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

declare global {
  interface Window {
    /** When each watch's outcome event reached the page (Date.now(), by intent id). */
    __benchDone?: Record<string, number>
  }
}

/**
 * In the page: the session credential the app traded its launch secret for (kept in the
 * origin's storage, `src-renderer/hostSession.ts`); the bench's own requests need it too.
 * Self-contained, as page.evaluate sends only the function's text.
 */
async function hostSession(): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const credential = localStorage.getItem('intent-explorer.host-session')
    if (credential) return credential
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('the app did not obtain a host session within 10 s')
}

/** In the page: listens on the host's bridge event stream and notes when each finish arrives. */
function recordFinishes(credential: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const done: Record<string, number> = {}
    window.__benchDone = done
    const events = new EventSource(`/bridge/events?session=${encodeURIComponent(credential)}`)
    events.onopen = () => resolve()
    events.onerror = () => reject(new Error('the bridge event stream failed'))
    events.onmessage = (m: MessageEvent<string>) => {
      const e = JSON.parse(m.data) as { type: string; kind?: string; items?: Array<{ intentId: string; outcome?: string }> }
      if (e.type !== 'list:changed' || e.kind !== 'watches') return
      for (const w of e.items ?? []) if (w.outcome && !(w.intentId in done)) done[w.intentId] = Date.now()
    }
  })
}

/** In the page: adds the watches through the bridge, as the Watch view's form does. */
async function addWatches([ids, credential]: [readonly string[], string]): Promise<string[]> {
  const answers = await Promise.all(
    ids.map((intentId) =>
      fetch('/bridge/watchIntent', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${credential}` }, body: JSON.stringify({ intentId }) }).then(
        (r) => r.json() as Promise<{ ok: boolean; error?: { message: string } }>,
      ),
    ),
  )
  return answers.flatMap((a) => (a.ok ? [] : [a.error?.message ?? 'failed']))
}

/** In the page: how many watches have had at least one answer from the service. */
async function watchesAnswered(credential: string): Promise<number> {
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${credential}` }
  const r = (await (await fetch('/bridge/listWatches', { method: 'POST', headers, body: '{}' })).json()) as {
    ok: boolean
    value?: { items: Array<{ status?: string }> }
  }
  return r.value?.items.filter((w) => w.status !== undefined).length ?? 0
}

/**
 * 5. Live watching: the app's main side runs in a child process; the app page (on the
 * Watch view) adds watches on intents the simulator holds in EXECUTING; after a quiet
 * window (CPU measured) the simulator finishes them one by one in a shuffled order,
 * spread evenly over the finishing window. Latency runs from the admin call that finishes an intent to the
 * page's receipt of the event carrying its outcome (one machine, one clock).
 */
export const watch: Benchmark = {
  name: 'watch',
  needs: { app: true },
  async run(ctx) {
    const count = ctx.quick ? 50 : 200
    const finishMs = ctx.quick ? 15_000 : 60_000
    const drainMs = ctx.quick ? 15_000 : 30_000
    // The app process's simulator holds each long-poll this long: every held watch asks once per hold.
    const holdMs = DEFAULT_WAIT_TIMEOUT_MS
    const quietHolds = ctx.quick ? 1 : 3
    const res = new Resources()
    try {
      const runtime = mainRuntime(ctx.log)
      const child = res.add('the app process', startTsProcess('bench/lib/appProcess.ts', [ctx.scratch('watch-app')], { node: runtime.node }), (c) => c.stop())
      const [, launchUrl, simulatorUrl] = await waitForLine(child.proc.stdout!, /ready (\S+) (\S+)/, 120_000, 'the app process')
      child.proc.stdout!.resume()
      const browser = res.add('Chromium', await launchChromium(ctx.scratch('watch-browser')), (b) => b.close())
      const { page } = browser
      await page.goto(`${launchUrl}#/watch`)
      const credential = await within(15_000, 'the host session', page.evaluate(hostSession))
      await within(30_000, 'opening the event stream', page.evaluate(recordFinishes, credential))

      const ids: string[] = []
      for (let i = 0; i < count; i++) ids.push((await admin<{ intentId: string }>(simulatorUrl, 'createIntent', { status: 'EXECUTING' })).intentId)
      const failures = await within(60_000, 'adding watches', page.evaluate(addWatches, [ids, credential] as [readonly string[], string]))
      if (failures.length) throw new Error(`${failures.length} watches could not be added: ${failures[0]}`)
      const settled = new Deadline(120_000, 'the first answer for every watch')
      while ((await page.evaluate(watchesAnswered, credential)) < count) {
        settled.check()
        await sleep(500)
      }
      // The first hold after adding the watches also carries the clean-up of adding them
      // (the heap shrinking back once the burst is over): not what waiting costs.
      ctx.log(`watch: ${count} watches answered; letting one hold (${holdMs / 1000} s) pass`)
      await sleep(holdMs)
      ctx.log(`watch: measuring CPU over ${quietHolds} holds with nothing changing`)
      const quietWindows: number[] = []
      for (let i = 0; i < quietHolds; i++) quietWindows.push(await cpuPercentWhile(child.pid, () => sleep(holdMs)))
      // Whole holds, each with every watch asking once; the mean counts every collection that fell in them.
      const quietCpu = mean(quietWindows)

      ctx.log(`watch: finishing ${count} intents over ${finishMs / 1000} s`)
      // In an order unrelated to the order the watches were added (and queued for a long-poll).
      const order = shuffled(seededRandom(5), ids)
      const sentAt = new Map<string, number>()
      const finishingCpu = await cpuPercentWhile(child.pid, async () => {
        const started = Date.now()
        for (let i = 0; i < count; i++) {
          await sleep(Math.max(0, started + (i * finishMs) / count - Date.now()))
          sentAt.set(order[i], Date.now())
          // One in eight fails, as in the simulator's own mix of outcomes.
          await admin(simulatorUrl, 'advance', { intentId: order[i], to: i % 8 === 7 ? 'FAILED' : 'SUCCEEDED' })
        }
      })

      const drain = new Deadline(drainMs, 'waiting for finishes')
      let arrived: Record<string, number> = {}
      while (drain.left > 0) {
        arrived = await page.evaluate(() => ({ ...window.__benchDone }))
        if (ids.every((id) => id in arrived)) break
        await sleep(250)
      }
      browser.checkPage()
      const received = ids.filter((id) => id in arrived).length
      // A finish that never arrived counts as infinitely late, so it cannot flatter the p95.
      const latencies = ids.map((id) => (id in arrived ? arrived[id] - sentAt.get(id)! : Infinity))
      const note = `${count} watches, finishes spread over ${finishMs / 1000} s; main side on ${runtime.note}`
      return [
        { name: 'watch.delivered', value: received, unit: 'finishes', target: atLeast(count), note: `${note}; waited ${drainMs / 1000} s after the last` },
        { name: 'watch.latency.p95', value: p95(latencies), unit: 'ms', target: atMost(250), note: `simulator state change to page event; ${note}` },
        {
          name: 'watch.cpu.waiting',
          value: quietCpu,
          unit: '%',
          target: atMost(2),
          note: `main process on ${runtime.note}, over ${quietHolds} holds of ${holdMs / 1000} s with ${count} watches held and nothing changing; by hold ${quietWindows.map((w) => w.toFixed(2)).join(', ')}`,
        },
        { name: 'watch.cpu.finishing', value: finishingCpu, unit: '%', note: `main process on ${runtime.note}, while the ${count} finishes arrived` },
      ] satisfies Figure[]
    } finally {
      await res.close()
    }
  },
}
