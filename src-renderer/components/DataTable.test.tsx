import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DataTable, type Column } from './DataTable'

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
})
