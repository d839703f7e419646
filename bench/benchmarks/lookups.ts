import type { IntentStatus } from '../../src-shared/contract/service'
import { SIMULATOR_PROFILE_ID } from '../../src-main/settings/profiles'
import type { LookupKind, LookupQuery, LookupRow, LookupTiming } from '../browser/api'
import { Resources, within, type Benchmark } from '../lib/benchmark'
import { openCachedHarness, type IntentSample } from '../lib/cachedProfile'
import { pick, seededRandom } from '../lib/random'
import { atMost, type Figure, type Target } from '../lib/report'
import { median, p95 } from '../lib/stats'

/** The History view's default page. */
const PAGE = 20
const DAY = 86_400_000

const TARGETS: Record<LookupKind, { name: string; target: Target; what: string }> = {
  byId: { name: 'lookup.by_id.p95', target: atMost(10), what: 'by intent id' },
  byHash: { name: 'lookup.by_hash.p95', target: atMost(10), what: 'by transaction hash' },
  byOwner: { name: 'lookup.by_owner.p95', target: atMost(10), what: 'by owner, first page' },
  combined: { name: 'lookup.combined.p95', target: atMost(50), what: 'owner + 2 statuses + origin chain + 60-day range, first page' },
  text: { name: 'lookup.text.p95', target: atMost(200), what: 'free text: symbol, provider, address or hash prefix, first page' },
}
const KINDS = Object.keys(TARGETS) as LookupKind[]

const lower = (s: string | undefined) => s?.toLowerCase()

/** A query of `kind` built from a cached intent, and what its answer must satisfy. */
function queryFor(kind: LookupKind, s: IntentSample, random: () => number): { query: LookupQuery; check(rows: LookupRow[]): boolean } {
  const has = (rows: LookupRow[]) => rows.some((r) => r.intentId === s.intentId)
  switch (kind) {
    case 'byId':
      return { query: { kind, filter: { intentId: s.intentId }, limit: PAGE }, check: (rows) => rows.length === 1 && has(rows) }
    case 'byHash':
      return { query: { kind, filter: { txHash: s.txHash }, limit: PAGE }, check: has }
    case 'byOwner':
      return {
        query: { kind, filter: { owner: s.owner }, limit: PAGE },
        check: (rows) => rows.length > 0 && rows.every((r) => lower(r.owner) === lower(s.owner)),
      }
    case 'combined': {
      const statuses: IntentStatus[] = [s.status!, s.status === 'FAILED' ? 'SUCCEEDED' : 'FAILED']
      const filter = { owner: s.owner, statuses, originChainId: s.originChainId, fromTime: s.createdAt - 30 * DAY, toTime: s.createdAt + 30 * DAY }
      return {
        query: { kind, filter, limit: PAGE },
        check: (rows) =>
          rows.length > 0 &&
          rows.every(
            (r) =>
              lower(r.owner) === lower(s.owner) &&
              statuses.includes(r.status!) &&
              r.originChainId === s.originChainId &&
              r.createdAt >= filter.fromTime &&
              r.createdAt <= filter.toTime,
          ),
      }
    }
    case 'text': {
      // What people type into a search box: a token, a provider, the start of an address or hash.
      const terms = [s.symbol, s.provider, s.owner?.slice(0, 10), s.txHash?.slice(0, 12)].filter((t): t is string => Boolean(t))
      return { query: { kind, filter: { text: pick(random, terms) }, limit: PAGE }, check: (rows) => rows.length > 0 }
    }
  }
}

/** `perKind` queries of each kind, interleaved, from intents drawn at random. */
function queries(samples: IntentSample[], perKind: number, random: () => number) {
  const usable = samples.filter((s) => s.txHash && s.owner && s.status && s.originChainId !== undefined)
  if (usable.length < 10) throw new Error(`only ${usable.length} usable intent samples`)
  return Array.from({ length: perKind }, () => KINDS.map((kind) => queryFor(kind, pick(random, usable), random))).flat()
}

/**
 * 2. Offline lookups over the large cache, through the app's `searchCachedIntents` in
 * the harness page, with keys drawn from the cached data. Each run times every kind of
 * lookup (interleaved); a kind's figure is the median over runs of its p95.
 */
export const lookups: Benchmark = {
  name: 'lookups',
  needs: { harness: true },
  async run(ctx) {
    const runs = ctx.quick ? 2 : 3
    const perKind = ctx.quick ? 30 : 60
    const profile = await ctx.cachedProfile()
    const random = seededRandom(7)
    const res = new Resources()
    try {
      const browser = await openCachedHarness(profile, res)
      const { page } = browser
      const ask = async (batch: ReturnType<typeof queries>): Promise<LookupTiming[]> => {
        const timings = await within(300_000, 'lookups', page.evaluate(([id, q]) => window.bench.lookups(id, q), [SIMULATOR_PROFILE_ID, batch.map((b) => b.query)] as const))
        timings.forEach((t, i) => {
          if (!batch[i].check(t.rows)) throw new Error(`a ${t.kind} lookup gave a wrong answer: ${JSON.stringify(batch[i].query.filter)} → ${t.rows.length} rows`)
        })
        return timings
      }
      // Warm-up: the database opened, the code compiled.
      await ask(queries(profile.samples, 4, random))

      const p95s: Record<LookupKind, number[]> = { byId: [], byHash: [], byOwner: [], combined: [], text: [] }
      for (let run = 0; run < runs; run++) {
        const timings = await ask(queries(profile.samples, perKind, random))
        for (const kind of KINDS) p95s[kind].push(p95(timings.filter((t) => t.kind === kind).map((t) => t.ms)))
        ctx.log(`lookups: run ${run + 1}/${runs} p95 ${KINDS.map((k) => `${k} ${p95s[k][run].toFixed(1)} ms`).join(', ')}`)
      }
      browser.checkPage()
      return KINDS.map((kind): Figure => ({
        name: TARGETS[kind].name,
        value: median(p95s[kind]),
        unit: 'ms',
        target: TARGETS[kind].target,
        runs: p95s[kind],
        note: `${TARGETS[kind].what}; ${profile.intents} cached intents, ${perKind} queries a run, median of ${runs} runs' p95`,
      }))
    } finally {
      await res.close()
    }
  },
}
