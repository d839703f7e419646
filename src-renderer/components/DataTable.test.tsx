import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Profiler } from 'react'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DataTable, type Column } from './DataTable'
import { SCROLL_ROOT_ATTR, WINDOW_FROM } from './useRowWindow'

type Row = { id: string; n: number }
const columns: Column<Row>[] = [
  {
    id: 'id',
    header: 'Id',
    cell: (r) => (
      <>
        {r.id}
        <button type="button">act {r.id}</button>
      </>
    ),
    sortValue: (r) => r.id,
  },
  { id: 'n', header: 'N', cell: (r) => r.n, sortValue: (r) => r.n, align: 'right' },
]
const rows: Row[] = [
  { id: 'b', n: 2 },
  { id: 'a', n: 10 },
  { id: 'c', n: 1 },
]
/** The window's screen (the testing library's `screen` is its queries). */
const screen0 = globalThis.screen
const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0].firstChild?.textContent)

describe('DataTable', () => {
  it('sorts by a column and flips direction on a second click', async () => {
    render(<DataTable label="t" columns={columns} rows={rows} rowKey={(r) => r.id} />)
    await userEvent.click(screen.getByRole('button', { name: /N/ }))
    expect(firstColumn()).toEqual(['c', 'b', 'a'])
    await userEvent.click(screen.getByRole('button', { name: /N/ }))
    expect(firstColumn()).toEqual(['a', 'b', 'c'])
  })

  it('opens a row with Enter as well as a click', async () => {
    const onOpen = vi.fn()
    render(<DataTable label="t" columns={columns} rows={rows} rowKey={(r) => r.id} onOpen={onOpen} />)
    const row = screen.getAllByRole('row')[1]
    row.focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(screen.getAllByRole('row')[2])
    expect(onOpen.mock.calls.map((c) => c[0].id)).toEqual(['b', 'a'])
  })

  it('leaves clicks on controls inside a row to the control', async () => {
    const onOpen = vi.fn()
    render(<DataTable label="t" columns={columns} rows={rows} rowKey={(r) => r.id} onOpen={onOpen} />)
    await userEvent.click(screen.getByRole('button', { name: 'act a' }))
    expect(onOpen).not.toHaveBeenCalled()
  })

  it('moves between rows with the arrow keys and j/k, and opens the focused one with Enter', async () => {
    const onOpen = vi.fn()
    render(<DataTable label="t" columns={columns} rows={rows} rowKey={(r) => r.id} onOpen={onOpen} />)
    const [, first, second, third] = screen.getAllByRole('row')
    first.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(second).toHaveFocus()
    await userEvent.keyboard('j')
    expect(third).toHaveFocus()
    await userEvent.keyboard('j')
    expect(third).toHaveFocus()
    await userEvent.keyboard('k{ArrowUp}')
    expect(first).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onOpen).toHaveBeenCalledWith(rows[0])
  })

  it('names each row by its header cell, and marks rows with their own class and data', () => {
    const named: Column<Row>[] = [{ ...columns[0], rowHeader: true, className: 'mono' }, columns[1]]
    render(<DataTable label="t" className="extra" columns={named} rows={rows} rowKey={(r) => r.id} rowProps={(r) => (r.n > 1 ? { className: 'big', 'data-big': 'true' } : {})} />)
    expect(screen.getByRole('table', { name: 't' })).toHaveClass('data', 'extra')
    const header = screen.getByRole('rowheader', { name: /^a/ })
    expect(header).toHaveClass('mono')
    const row = header.closest('tr')!
    expect(row).toHaveClass('big')
    expect(row).toHaveAttribute('data-big', 'true')
    expect(within(row).getByRole('cell')).toHaveTextContent('10')
    expect(screen.getByRole('rowheader', { name: /^c/ }).closest('tr')).not.toHaveAttribute('data-big')
  })

  it('selects rows with their checkboxes, Space on a row and the header checkbox, without opening them', async () => {
    const picked = new Set(['a'])
    const selection = { isSelected: (r: Row) => picked.has(r.id), onToggle: vi.fn(), onToggleAll: vi.fn(), label: (r: Row) => `Select ${r.id}`, allLabel: 'Select all' }
    const onOpen = vi.fn()
    render(<DataTable label="t" columns={columns} rows={rows} rowKey={(r) => r.id} onOpen={onOpen} selection={selection} />)
    const [, b, a] = screen.getAllByRole('row')
    expect(a).toHaveAttribute('aria-selected', 'true')
    expect(b).toHaveAttribute('aria-selected', 'false')
    expect((screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).indeterminate).toBe(true)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select b' }))
    expect(selection.onToggle).toHaveBeenLastCalledWith(rows[0])
    b.focus()
    await userEvent.keyboard(' ')
    expect(selection.onToggle).toHaveBeenCalledTimes(2)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }))
    expect(selection.onToggleAll).toHaveBeenCalledWith(true)
    expect(onOpen).not.toHaveBeenCalled()
  })

  it('with pure cells, draws a row again only when its row or place changes', () => {
    const drawnIds: string[] = []
    const counted: Column<Row>[] = [{ id: 'id', header: 'Id', cell: (r) => (drawnIds.push(r.id), r.id) }]
    const table = (list: Row[], pureCells: boolean) => <DataTable label="t" columns={counted} rows={list} rowKey={(r) => r.id} pureCells={pureCells} />
    const { rerender } = render(table(rows, true))
    drawnIds.length = 0
    rerender(table([rows[0], { ...rows[1], n: 11 }, rows[2]], true))
    expect(drawnIds).toEqual(['a'])
    expect(screen.getAllByRole('row')).toHaveLength(4)
    // Without the promise every row draws again.
    rerender(table(rows, false))
    drawnIds.length = 0
    rerender(table([...rows], false))
    expect(drawnIds).toEqual(['b', 'a', 'c'])
  })

  describe('a long list', () => {
    const many: Row[] = Array.from({ length: 500 }, (_, i) => ({ id: `r${String(i).padStart(3, '0')}`, n: i }))
    // jsdom lays nothing out: the scroll root gets a viewport of 800 px and each row 40 px.
    const sizes = { clientHeight: (el: HTMLElement) => (el.hasAttribute(SCROLL_ROOT_ATTR) ? 800 : 0), offsetHeight: (el: HTMLElement) => (el.tagName === 'TR' ? 40 : 0) }
    const originals = Object.keys(sizes).map((prop) => [prop, Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop)] as const)
    beforeAll(() => {
      for (const [prop, size] of Object.entries(sizes))
        Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: function (this: HTMLElement) { return size(this) } })
    })
    afterAll(() => {
      for (const [prop, d] of originals) if (d) Object.defineProperty(HTMLElement.prototype, prop, d)
    })

    const bodyRows = () => screen.getAllByRole('row').filter((r) => r.dataset.index !== undefined)

    it('inside the scroll root draws only the rows near the screen, and says how many there are', () => {
      render(
        <main {...{ [SCROLL_ROOT_ATTR]: '' }}>
          <DataTable label="t" columns={columns} rows={many} rowKey={(r) => r.id} initialSort={{ column: 'n', dir: 'desc' }} />
        </main>,
      )
      const drawnRows = bodyRows()
      expect(drawnRows.length).toBeGreaterThan(10)
      expect(drawnRows.length).toBeLessThan(WINDOW_FROM)
      expect(drawnRows[0]).toHaveTextContent('r499')
      expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '501')
      expect(drawnRows[0]).toHaveAttribute('aria-rowindex', '2')
    })

    it('mounted short, draws its window in the very render that makes it long (no commit without rows)', () => {
      const rowsAtCommit: number[] = []
      const table = (list: Row[]) => (
        <main {...{ [SCROLL_ROOT_ATTR]: '' }}>
          <Profiler id="t" onRender={() => rowsAtCommit.push(document.querySelectorAll('tr[data-index]').length)}>
            <DataTable label="t" columns={columns} rows={list} rowKey={(r) => r.id} />
          </Profiler>
        </main>
      )
      const { rerender } = render(table(many.slice(0, 10)))
      rowsAtCommit.length = 0
      rerender(table(many))
      expect(rowsAtCommit.length).toBeGreaterThan(0)
      expect(rowsAtCommit.every((n) => n > 10 && n < WINDOW_FROM)).toBe(true)
    })

    it('inside the scroll root draws every row when asked to draw all', () => {
      render(
        <main {...{ [SCROLL_ROOT_ATTR]: '' }}>
          <DataTable label="t" columns={columns} rows={many} rowKey={(r) => r.id} drawAll />
        </main>,
      )
      expect(bodyRows()).toHaveLength(500)
    })

    it('as a grid of fixed-height rows, lays out a growing list without asking every row its key at each render', () => {
      const long = Array.from({ length: 10_000 }, (_, i) => ({ id: `r${i}`, n: i }))
      const rowKey = vi.fn((r: Row) => r.id)
      const grid = { rowHeight: 36, initialScrollTop: 0, onScrollTop: () => {} }
      const { rerender } = render(<DataTable label="t" columns={columns} rows={long.slice(0, 9_900)} rowKey={rowKey} grid={grid} />)
      rowKey.mockClear()
      // A page more, as "load all" adds it, then a render with nothing new (progress alone).
      rerender(<DataTable label="t" columns={columns} rows={long} rowKey={rowKey} grid={grid} />)
      rerender(<DataTable label="t" columns={columns} rows={long} rowKey={rowKey} grid={grid} />)
      expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '10001')
      expect(bodyRows().length).toBeLessThan(WINDOW_FROM)
      expect(rowKey.mock.calls.length).toBeLessThan(500)
    })

    it("takes the scroll root's size from its resize observer, reading or writing no layout while the list mounts", () => {
      // Each read of the root's size or offset would force the browser to lay out the view just committed.
      const reads = vi.fn()
      const reports: Array<() => void> = []
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(private report: (entries: never[]) => void) {}
          observe = () => reports.push(() => this.report([]))
          disconnect = () => {}
          unobserve = () => {}
        },
      )
      vi.spyOn(screen0, 'availHeight', 'get').mockReturnValue(2000)
      const root = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')!
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: function (this: HTMLElement) { reads('size'); return root.get!.call(this) } })
      let paneTop = 0
      Object.defineProperty(HTMLElement.prototype, 'scrollTop', { configurable: true, get: () => (reads('offset'), paneTop), set: () => {} })
      // The table body sits at the top of the pane's content, moved up by its scroll.
      vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
        const top = this.tagName === 'TBODY' ? -paneTop : 0
        return { top, bottom: top, left: 0, right: 0, width: 0, height: 0, x: 0, y: top, toJSON: () => ({}) }
      })
      // A scroll write forces layout too, and would move a pane the person left scrolled.
      const scrollTo = vi.fn()
      Element.prototype.scrollTo = scrollTo
      try {
        render(
          <main {...{ [SCROLL_ROOT_ATTR]: '' }}>
            <DataTable label="t" columns={columns} rows={many} rowKey={(r) => r.id} />
          </main>,
        )
        expect(reads).not.toHaveBeenCalled()
        expect(scrollTo).not.toHaveBeenCalled()
        // Until the first report, the window is as tall as the screen (2,000 px: 50 rows of 40 and the margin).
        const atMount = bodyRows().length
        expect(atMount).toBeGreaterThan(50)
        // The pane was left scrolled 4,000 px down (row 100): read at the report, after the browser's layout.
        paneTop = 4000
        act(() => reports.forEach((report) => report()))
        expect(reads).toHaveBeenCalledWith('size')
        // The root's 800 px: 20 rows and the margin, around row 100.
        expect(bodyRows().length).toBeLessThan(atMount)
        expect(bodyRows().length).toBeGreaterThan(20)
        expect(bodyRows().map((r) => r.dataset.index)).toContain('100')
        expect(scrollTo).not.toHaveBeenCalled()
      } finally {
        Object.defineProperty(HTMLElement.prototype, 'clientHeight', root)
        delete (HTMLElement.prototype as { scrollTop?: number }).scrollTop
        delete (Element.prototype as { scrollTo?: unknown }).scrollTo
        vi.unstubAllGlobals()
        vi.restoreAllMocks()
      }
    })

    it('outside a scroll root draws every row', () => {
      render(<DataTable label="t" columns={columns} rows={many} rowKey={(r) => r.id} />)
      expect(bodyRows()).toHaveLength(500)
    })
  })
})
