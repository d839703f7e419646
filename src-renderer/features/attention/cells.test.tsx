import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { heldShort, SlaTimer } from './cells'
import type { AttentionItem } from './queue'
import { emptyText, emptyTitle } from './AttentionView'

const item = (elapsedMs: number): AttentionItem => ({
  candidate: { intentId: '0xabc', status: 'EXECUTING' } as AttentionItem['candidate'],
  reason: 'slow',
  urgency: 1,
  sla: { elapsedMs, p95Ms: 60_000, p50Ms: 30_000, basis: 'route' },
  held: [],
})

describe('SlaTimer', () => {
  it('turns the bar red once the elapsed time is past the route’s p95, not before', () => {
    const { unmount } = render(<SlaTimer item={item(45_000)} />)
    expect(screen.getByRole('meter', { name: "Elapsed against the route's p95" })).not.toHaveClass('sla-over')
    unmount()
    render(<SlaTimer item={item(90_000)} />)
    expect(screen.getByRole('meter', { name: "Elapsed against the route's p95" })).toHaveClass('sla-over')
  })

  it('reads in two whole lines, the bar and the time against the p95 over the ratio and the share', () => {
    const { container } = render(<SlaTimer item={{ ...item(90_000), sla: { ...item(90_000).sla!, slowerThan: 0.99 } }} />)
    const lines = Array.from(container.querySelectorAll('.sla-line'), (l) => l.textContent?.trim())
    expect(lines).toEqual(['1m 30s of p95 1m 00s', '1.5× · slower than 99%'])
    expect(container.querySelector('.sla-line')).toContainElement(screen.getByRole('meter'))
  })

  it('says in its tooltip how the duration it compares against is defined', () => {
    const { container } = render(<SlaTimer item={item(45_000)} />)
    expect(container.querySelector('.sla')?.getAttribute('title')).toContain('Succeeded intents only, from the start of execution')
  })
})

describe('SlaTimer on a route without a baseline', () => {
  it('gives no verdict against the route: "baseline incomplete" with the count it rests on', () => {
    const it3 = { ...item(700_000), reason: 'baseline-incomplete' as const, sla: { elapsedMs: 700_000, basis: 'incomplete' as const, samples: 3 } }
    const { container } = render(<SlaTimer item={it3} />)
    expect(container).toHaveTextContent('baseline incomplete (3 intents)')
    expect(container).not.toHaveTextContent('×')
    expect(container).not.toHaveTextContent('p95')
    expect(screen.queryByRole('meter')).toBeNull()
  })
})

describe('the empty queue', () => {
  it('says what the filter hides instead of "nothing needs attention"', () => {
    expect(emptyTitle('all', 0)).toBe('Nothing needs attention')
    expect(emptyTitle('all', 2)).toBe('Nothing open needs attention')
    expect(emptyTitle('slow', 3)).toBe('Nothing for “Executing longer than the route usually takes”')
    expect(emptyText('slow', 3, false)).toBe("No executing intent is past its route's p95. 3 other intents are in the queue, hidden by the filter (another reason, or resolved).")
    expect(emptyText('all', 0, true)).toContain('holds funds in the cache.')
  })
})

describe('held amounts in the queue', () => {
  it('show the digits the column has room for over the whole symbol, exact on hover', () => {
    const weth = { balance: '76451636000037420176', decimals: 18, symbol: 'WETH', chainId: 1 }
    expect(heldShort(weth)).toBe('76.451636000… WETH')
    expect(heldShort({ balance: '229646248566', decimals: 6, symbol: 'USDT' })).toBe('229,646.2485… USDT')
    // Without decimals the token could have, the amount stays in base units and says so.
    expect(heldShort({ balance: '5', decimals: 300, symbol: 'X' })).toContain('base units')
  })
})

