import { describe, expect, it } from 'vitest'
import type { IntentHistoryEntry } from '@contract/service'
import { RouteStatsBuilder } from '../../lib/routeStats'
import { toCsv } from '@contract/csv'
import { FORMULA_ATTACKS, formulaCells } from '@contract/testing'
import { attentionCsvColumns } from './export'
import { priceKey } from '../../lib/priceSource'
import { attentionQueue, candidateFromEntry, type Candidate } from './queue'

const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

const NOW = Date.UTC(2026, 10, 20, 12)
const MIN = 60_000

/** A route 1 → 8453 whose 100 succeeded intents took 1..100 s: p50 50 s, p95 95 s. */
const stats = (() => {
  const b = new RouteStatsBuilder('30d', NOW)
  b.add(Array.from({ length: 100 }, (_, i) => ({ status: 'SUCCEEDED' as const, createdAt: NOW - 3_600_000, originChainId: 1, destinationChainId: 8453, routeProviders: [], startedAt: NOW - 3_600_000, finishedAt: NOW - 3_600_000 + (i + 1) * 1000 })))
  return b.finish()
})()

const executing = (id: string, runningMs: number, over: Partial<Candidate> = {}): Candidate => ({ intentId: id, status: 'EXECUTING', createdAt: NOW - runningMs - 5000, startedAt: NOW - runningMs, originChainId: 1, destinationChainId: 8453, ...over })

describe('attentionQueue', () => {
  it('lists executing intents past their route p95 with an SLA timer, not those within it', () => {
    const q = attentionQueue([executing('fast', 60_000), executing('slow', 190_000)], stats, NOW)
    expect(q.map((i) => i.candidate.intentId)).toEqual(['slow'])
    expect(q[0]).toMatchObject({ reason: 'slow', sla: { elapsedMs: 190_000, p95Ms: 95_000, p50Ms: 50_000, slowerThan: 1, basis: 'route' } })
  })

  it('gives no verdict on a route with too few intents: "baseline incomplete" with the count, below everything judged, however long it ran', () => {
    const few = (() => {
      const b = new RouteStatsBuilder('30d', NOW)
      b.add(Array.from({ length: 19 }, (_, i) => ({ status: 'SUCCEEDED' as const, createdAt: NOW - 3_600_000, originChainId: 10, destinationChainId: 8453, routeProviders: [], startedAt: NOW - 3_600_000, finishedAt: NOW - 3_600_000 + (i + 1) * 1000 })))
      return b.finish()
    })()
    const q = attentionQueue([executing('a', 10 * MIN, { originChainId: 10 }), executing('b', 3 * 3_600_000, { originChainId: 10 }), { intentId: 'held', status: 'FAILED', balances: [{ tokens: [{ balance: '5' }] }] }], few, NOW)
    expect(q.map((i) => [i.candidate.intentId, i.reason, i.sla?.basis, i.sla?.samples])).toEqual([
      ['held', 'recoverable', undefined, undefined],
      ['b', 'baseline-incomplete', 'incomplete', 19],
      ['a', 'baseline-incomplete', 'incomplete', 19],
    ])
    expect(q.some((i) => i.reason === 'slow')).toBe(false)
    expect(q[1].sla?.p95Ms).toBeUndefined()
  })

  it('lists committed intents within 3 minutes of the window closing, and closed ones first', () => {
    const committed = (id: string, expiresIn: number): Candidate => ({ intentId: id, status: 'COMMITTED', createdAt: NOW - 5 * MIN, expiresAt: NOW + expiresIn })
    const q = attentionQueue([committed('far', 5 * MIN), committed('soon', 2 * MIN), committed('closed', -MIN)], stats, NOW)
    expect(q.map((i) => [i.candidate.intentId, i.windowLeftMs])).toEqual([['closed', -MIN], ['soon', 2 * MIN]])
  })

  it('lists failed and aborted intents holding funds, largest first, with exact amounts', () => {
    const entry = (id: string, balance: string, usd: string): IntentHistoryEntry => ({
      intentId: id,
      status: 'FAILED',
      createdAt: new Date(NOW - 3_600_000).toISOString(),
      receipt: { originTransaction: { statusReason: 'reverted' } },
      balances: [{ intentAddress: '0xabc', chainId: 1, tokens: [{ contractAddress: USDC, balance, balanceUsd: usd, decimals: 6, symbol: 'USDC' }, { balance: '0', symbol: 'DUST' }] }],
    })
    // The service's balanceUsd is not what the queue shows: it values the amount at the profile's one price source.
    const book = new Map([[priceKey(1, USDC), { usd: 1, from: 'balance' as const, at: NOW - MIN }]])
    const q = attentionQueue([entry('small', '1000000', '7'), entry('big', '1234567890123456789', '5'), { intentId: 'empty', status: 'FAILED', balances: [] }].map((e) => candidateFromEntry(e as IntentHistoryEntry)!), stats, NOW, book)
    expect(q.map((i) => i.candidate.intentId)).toEqual(['big', 'small'])
    expect(q[0].held).toEqual([{ chainId: 1, intentAddress: '0xabc', tokenAddress: USDC, symbol: 'USDC', decimals: 6, balance: '1234567890123456789', balanceUsd: '5' }])
    expect(q.map((i) => i.heldValue?.usd)).toEqual([Number('1234567890123.456789'), 1])
    const csv = toCsv(q, attentionCsvColumns((id) => (id === 'big' ? { state: 'waiting', note: 'asked, "provider"', updatedAt: 0, history: [] } : undefined), undefined, NOW))
    expect(csv).toContain('big,Failed with recoverable funds,FAILED,')
    expect(csv).toContain(`1234567890123.456789 USDC,1234567890123456789 ${USDC},1234567890123.46,priced from balances (1 min ago),reverted,waiting,"asked, ""provider"""`)
    // Without a price in the book the amount is unpriced, and says why, whatever the service put on the balance.
    const unpriced = attentionQueue([candidateFromEntry(entry('small', '1000000', '7'))!], stats, NOW)
    expect(unpriced[0].heldValue).toMatchObject({ priced: 0, unpriced: ['USDC has no known price'] })
  })

  it('exports failure reasons, symbols and notes that start like formulas as inert text', () => {
    const q = attentionQueue(
      FORMULA_ATTACKS.map((attack, n) =>
        candidateFromEntry({
          intentId: `held-${n}`,
          status: 'FAILED',
          receipt: { originTransaction: { statusReason: attack } },
          balances: [{ intentAddress: '0xabc', chainId: 1, tokens: [{ balance: '5', balanceUsd: '1', decimals: 6, symbol: attack }] }],
        } as IntentHistoryEntry)!,
      ),
      stats,
      NOW,
    )
    expect(q).toHaveLength(FORMULA_ATTACKS.length)
    const csv = toCsv(q, attentionCsvColumns(() => ({ state: 'waiting', note: '=1+1', updatedAt: 0, history: [] })))
    expect(formulaCells(csv)).toEqual([])
  })

  it('sorts a closing window above a slow execution above recoverable funds, and ignores everything else', () => {
    const q = attentionQueue(
      [
        { intentId: 'held', status: 'ABORTED', balances: [{ tokens: [{ balance: '5', balanceUsd: '999999' }] }] },
        executing('slow', 10 * MIN),
        { intentId: 'closing', status: 'COMMITTED', expiresAt: NOW + MIN },
        { intentId: 'done', status: 'SUCCEEDED' },
        { intentId: 'refunded', status: 'REFUNDED', balances: [{ tokens: [{ balance: '5' }] }] },
      ],
      stats,
      NOW,
    )
    expect(q.map((i) => i.reason)).toEqual(['window-closing', 'slow', 'recoverable'])
  })
})
