import { describe, expect, it } from 'vitest'
import type { YieldGetMarketsRequest, YieldMarket } from '@contract/service'
import { collectMarkets } from './collectMarkets'

const markets = (n: number): YieldMarket[] => Array.from({ length: n }, (_, i) => ({ id: `m${i}` }))

describe('collecting every market for export', () => {
  it('walks the pages in the request order, keeping the filters', async () => {
    const all = markets(230)
    const asked: YieldGetMarketsRequest[] = []
    const r = await collectMarkets({ provider: 'aave-v3', sort: 'tvlDesc', limit: 20, offset: 40 }, async (req) => {
      asked.push(req)
      const offset = req.offset ?? 0
      return { ok: true, page: { items: all.slice(offset, offset + (req.limit ?? 0)), total: all.length, offset, limit: req.limit ?? 0 } }
    })
    expect(r.ok && r.markets.map((m) => m.id)).toEqual(all.map((m) => m.id))
    expect(asked.map((a) => a.offset)).toEqual([0, 100, 200])
    expect(asked.every((a) => a.provider === 'aave-v3' && a.sort === 'tvlDesc')).toBe(true)
  })

  it('stops on a short page when the total is unknown, and on the first failure', async () => {
    const all = markets(150)
    const ok = await collectMarkets({}, async (req) => ({
      ok: true,
      page: { items: all.slice(req.offset ?? 0, (req.offset ?? 0) + 100), offset: req.offset ?? 0, limit: 100 },
    }))
    expect(ok.ok && ok.markets).toHaveLength(150)
    const failed = await collectMarkets({}, async () => ({ ok: false, error: { kind: 'Unavailable', message: 'down' } }))
    expect(failed).toEqual({ ok: false, error: { kind: 'Unavailable', message: 'down' } })
  })
})
