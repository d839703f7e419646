import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { axisTop, dayTitle, PerDayChart } from './PerDayPlot'
import { STATUS_KEYS, type DayBucket } from './summary'

const day = (date: string, counts: Partial<Record<(typeof STATUS_KEYS)[number], number>>): DayBucket =>
  ({ day: date, ...Object.fromEntries(STATUS_KEYS.map((s) => [s, counts[s] ?? 0])) }) as DayBucket

describe('axisTop', () => {
  it('rounds the busiest day up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 20, 21, 50, 51, 99, 100, 101, 4_999].map(axisTop)).toEqual([1, 1, 2, 5, 10, 10, 20, 20, 50, 50, 100, 100, 100, 200, 5_000])
  })
})

describe('the per-day chart', () => {
  const days = [day('2026-05-01', { SUCCEEDED: 12, FAILED: 3 }), day('2026-05-02', {}), day('2026-05-03', { SUCCEEDED: 20 })]

  it('stacks each day by status, as tall as its share of the axis, with the counts on hover', () => {
    const { container } = render(<PerDayChart days={days} />)
    expect(screen.getByRole('figure', { name: 'Intents per day by status' })).toBeTruthy()
    expect(screen.getByTestId('per-day-top').textContent).toBe('20')
    const bars = container.querySelectorAll('[data-day]')
    expect([...bars].map((b) => b.getAttribute('data-day'))).toEqual(['2026-05-01', '2026-05-02', '2026-05-03'])
    expect(bars[0].getAttribute('title')).toBe('2026-05-01: 3 FAILED, 12 SUCCEEDED')
    const first = bars[0].querySelectorAll<HTMLElement>('[data-status]')
    // The first status of the legend's order sits at the bottom of the stack.
    expect([...first].map((s) => [s.dataset.status, s.style.height])).toEqual([
      ['FAILED', '15%'],
      ['SUCCEEDED', '60%'],
    ])
    expect(bars[1].querySelectorAll('[data-status]')).toHaveLength(0)
    expect(bars[1].getAttribute('title')).toBe('2026-05-02: none')
    expect((bars[2].querySelector('[data-status]') as HTMLElement).style.height).toBe('100%')
  })

  it('names only the statuses that occur in the legend, and the first and last day', () => {
    render(<PerDayChart days={days} />)
    expect(screen.getByRole('list', { name: 'Statuses' }).textContent).toBe('FAILEDSUCCEEDED')
    expect(screen.getByText('2026-05-01')).toBeTruthy()
    expect(screen.getByText('2026-05-03')).toBeTruthy()
  })

  it('writes large counts with separators', () => {
    expect(dayTitle(day('2026-01-01', { EXECUTING: 1_234 }), STATUS_KEYS)).toBe('2026-01-01: 1,234 EXECUTING')
  })
})
