import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { zoneName } from '../../lib/format'
import { shownColumns } from '../../components/DataTable'
import { HistoryTable, ROW_HEIGHT } from './HistoryTable'
import { toRow, type HistoryRow } from './rows'
import { makeEntry } from './testing/entries'
import { giveScrollBoxAViewport } from './testing/layout'

giveScrollBoxAViewport()

const rows: HistoryRow[] = Array.from({ length: 10_000 }, (_, i) => toRow(makeEntry(), i, new Map()))

function renderTable(over: Partial<Parameters<typeof HistoryTable>[0]> = {}) {
  const props = {
    rows,
    selected: new Map(),
    activeKey: null,
    withBalances: false,
    pickedColumns: new Set<string>(),
    initialScrollTop: 0,
    onScrollTop: vi.fn(),
    onOpen: vi.fn(),
    onToggle: vi.fn(),
    onToggleAll: vi.fn(),
    onDetail: vi.fn(),
    ...over,
  }
  render(<HistoryTable {...props} />)
  return props
}

describe('HistoryTable', () => {
  it('renders only the rows in view out of ten thousand', () => {
    renderTable()
    const shown = screen.getAllByTestId('history-row')
    expect(shown.length).toBeGreaterThan(5)
    expect(shown.length).toBeLessThanOrEqual(40)
    expect(screen.getByRole('table', { name: 'Intent history' })).toHaveAttribute('aria-rowcount', '10001')
    expect(shown[0]).toHaveAttribute('data-intent-id', rows[0].intentId)
  })

  it('opens a row on click and on Enter, and selects it with Space or its checkbox', () => {
    const p = renderTable()
    const [first, second] = screen.getAllByTestId('history-row')
    fireEvent.click(first)
    expect(p.onOpen).toHaveBeenCalledWith(rows[0])
    fireEvent.keyDown(second, { key: 'Enter' })
    expect(p.onOpen).toHaveBeenLastCalledWith(rows[1])
    fireEvent.keyDown(second, { key: ' ' })
    expect(p.onToggle).toHaveBeenLastCalledWith(rows[1])
    fireEvent.click(within(first).getByRole('checkbox'))
    expect(p.onToggle).toHaveBeenLastCalledWith(rows[0])
    expect(p.onOpen).toHaveBeenCalledTimes(2)
  })

  it('opens the details of a row without opening the intent', () => {
    const p = renderTable()
    fireEvent.click(within(screen.getAllByTestId('history-row')[2]).getByRole('button', { name: /Details of intent/ }))
    expect(p.onDetail).toHaveBeenCalledWith(rows[2])
    expect(p.onOpen).not.toHaveBeenCalled()
  })

  it('shows selection state and selects every loaded row from the header', () => {
    const p = renderTable({ selected: new Map([[rows[0].key, rows[0].entry]]) })
    const first = screen.getAllByTestId('history-row')[0]
    expect(first).toHaveAttribute('aria-selected', 'true')
    const all = screen.getByRole('checkbox', { name: 'Select all loaded intents' }) as HTMLInputElement
    expect(all.indeterminate).toBe(true)
    fireEvent.click(all)
    expect(p.onToggleAll).toHaveBeenCalledWith(true)
  })

  it('adds the balance columns when balances were asked for', () => {
    renderTable({ withBalances: true, rows: [toRow(makeEntry({ hasBalance: true }), 0, new Map())] })
    expect(screen.getByRole('columnheader', { name: 'Has balance' })).toBeInTheDocument()
    scrollSideways(1600)
    expect(within(screen.getByTestId('history-row')).getByText('Yes')).toBeInTheDocument()
  })
})

/** Scrolls the table sideways as the browser would: a new scrollLeft, then a scroll event. */
function scrollSideways(left: number) {
  const box = screen.getByTestId('history-scroll')
  Object.defineProperty(box, 'scrollLeft', { configurable: true, value: left })
  act(() => {
    fireEvent.scroll(box)
  })
}

const columnsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => Number(c.getAttribute('aria-colindex')))

describe('HistoryTable columns', () => {
  it('keeps the columns in view, one either side, and always the selection and Details', () => {
    expect(shownColumns(14, 0, 8)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, { gap: 9, span: 4 }, 13])
    expect(shownColumns(14, 5, 13)).toEqual([0, { gap: 1, span: 4 }, 5, 6, 7, 8, 9, 10, 11, 12, 13])
    expect(shownColumns(14, 3, 6)).toEqual([0, { gap: 1, span: 2 }, 3, 4, 5, 6, { gap: 7, span: 6 }, 13])
    expect(shownColumns(3, 0, 2)).toEqual([0, 1, 2])
  })

  it('fits the default columns in a 1280-px window, and the chooser adds the others', () => {
    renderTable()
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent)
    expect(headers).toEqual(['', 'Status', 'Intent', `Created (${zoneName()})`, 'Owner', 'Route', 'Sent', 'Received', ''])
    // 1280 less the sidebar, the view's padding, the border and a scroll bar.
    const widths = screen.getByTestId('history-scroll').style.getPropertyValue('--grid-columns').match(/\d+px/g)!
    expect(widths.reduce((sum, w) => sum + parseInt(w), 0)).toBeLessThanOrEqual(1280 - 200 - 48 - 2 - 16)
  })

  it('renders only the columns in view, and the others once the table is scrolled sideways', () => {
    renderTable({ withBalances: true, pickedColumns: new Set(['expires', 'providers', 'started', 'finished', 'duration']) })
    expect(screen.getByRole('table', { name: 'Intent history' })).toHaveAttribute('aria-colcount', '15')
    // 1,200 px show the columns up to Finished; Duration is the one kept beyond the edge, and Details always.
    expect(columnsOf(screen.getAllByTestId('history-row')[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15])

    scrollSideways(1000)
    const first = screen.getAllByTestId('history-row')[0]
    expect(columnsOf(first)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
    // Every column keeps its place: a run left out is one empty item spanning it.
    expect(first.querySelector('[aria-hidden="true"]')).toHaveStyle({ gridColumn: 'span 1' })
  })
})

describe('HistoryTable cells', () => {
  it('keeps the copy buttons of the id and owner outside the clipped text', () => {
    renderTable()
    const first = screen.getAllByTestId('history-row')[0]
    for (const title of [rows[0].intentId!, rows[0].owner!]) {
      const cell = within(first).getByTitle(title)
      expect(cell).toHaveClass('history-with-copy')
      expect(cell.querySelector('.history-clip')).not.toContainElement(within(cell).getByRole('button'))
    }
  })

  it('opens the intent from its id cell, but not from the copy button', () => {
    const p = renderTable()
    const first = screen.getAllByTestId('history-row')[0]
    fireEvent.click(within(first).getByTitle(rows[0].intentId!))
    expect(p.onOpen).toHaveBeenCalledTimes(1)
    fireEvent.click(within(first).getAllByRole('button', { name: /^Copy/ })[0])
    expect(p.onOpen).toHaveBeenCalledTimes(1)
  })
})

describe('HistoryTable scroll position', () => {
  it('starts where the list was left and reports where it goes', () => {
    // jsdom lays nothing out: the body sits one header row below the top of the box, moved up by its scroll.
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const top = this.classList.contains('grid-body') ? ROW_HEIGHT - (this.parentElement?.scrollTop ?? 0) : 0
      return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) }
    })
    const p = renderTable({ initialScrollTop: 3600 })
    const box = screen.getByTestId('history-scroll')
    expect(box.scrollTop).toBe(3600)
    // Row 100 sits at 3,600 px: the rows drawn are those around it, not the first ones.
    const indexes = screen.getAllByTestId('history-row').map((r) => Number(r.dataset.index))
    expect(Math.min(...indexes)).toBeGreaterThan(80)
    expect(indexes).toContain(100)
    box.scrollTop = 7200
    fireEvent.scroll(box)
    expect(p.onScrollTop).toHaveBeenLastCalledWith(7200)
    rect.mockRestore()
  })
})

describe('HistoryTable keyboard', () => {
  it('moves focus between rows with the arrow keys', () => {
    renderTable()
    const [first, second, third] = screen.getAllByTestId('history-row')
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    expect(second).toHaveFocus()
    fireEvent.keyDown(second, { key: 'ArrowDown' })
    expect(third).toHaveFocus()
    fireEvent.keyDown(third, { key: 'ArrowUp' })
    expect(second).toHaveFocus()
    fireEvent.keyDown(second, { key: 'j' })
    expect(third).toHaveFocus()
    fireEvent.keyDown(third, { key: 'k' })
    expect(second).toHaveFocus()
  })
})
