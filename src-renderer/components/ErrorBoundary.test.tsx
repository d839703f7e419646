import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { DataTable, type Column } from './DataTable'
import { ErrorBoundary, rawJson } from './ErrorBoundary'

/** Throws while drawing when told to: a value no check caught. */
function Fragile({ bad }: { bad: boolean }) {
  if (bad) throw new RangeError('Invalid string length')
  return <p>drawn</p>
}

beforeEach(() => {
  // React reports a caught error on the console; the boundary does too.
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

describe('ErrorBoundary', () => {
  it('shows what failed, why, and the raw JSON of the record, and leaves its siblings drawn', () => {
    render(
      <>
        <p>sidebar</p>
        <ErrorBoundary what="card" record={{ decimals: 1e15, symbol: 'USDC' }}>
          <Fragile bad />
        </ErrorBoundary>
        <ErrorBoundary what="card">
          <Fragile bad={false} />
        </ErrorBoundary>
      </>,
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('This card could not be shown: Invalid string length')
    expect(screen.getByText('sidebar')).toBeInTheDocument()
    expect(screen.getByText('drawn')).toBeInTheDocument()
    fireEvent.click(within(alert).getByRole('button', { name: 'Show raw JSON' }))
    expect(alert).toHaveTextContent('"decimals": 1000000000000000')
  })

  it('draws again when its reset key changes (a new route or record)', () => {
    function Host() {
      const [at, setAt] = useState('/a')
      return (
        <>
          <button type="button" onClick={() => setAt('/b')}>
            go
          </button>
          <ErrorBoundary what="view" resetKey={at}>
            <Fragile bad={at === '/a'} />
          </ErrorBoundary>
        </>
      )
    }
    render(<Host />)
    expect(screen.getByRole('alert')).toHaveTextContent('This view could not be shown')
    expect(screen.queryByRole('button', { name: 'Show raw JSON' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'go' }))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('drawn')).toBeInTheDocument()
  })

  it('writes any record as JSON without throwing, and cuts a huge one', () => {
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(rawJson(cycle)).toMatch(/^\(cannot be written as JSON/)
    expect(rawJson({ n: 10n })).toContain('"10"')
    expect(rawJson('x'.repeat(1_000_000)).length).toBeLessThan(100_200)
  })
})

describe('DataTable rows', () => {
  interface Row {
    id: string
    amount: unknown
  }
  const columns: Column<Row>[] = [
    { id: 'id', header: 'Id', cell: (r) => r.id },
    {
      id: 'amount',
      header: 'Amount',
      cell: (r) => {
        if (typeof r.amount !== 'string') throw new TypeError('amount is not text')
        return r.amount
      },
    },
  ]

  it('a row whose cell throws shows its error and raw JSON in its place; the other rows stay', () => {
    render(<DataTable label="Rows" columns={columns} rowKey={(r) => r.id} rows={[{ id: 'a', amount: '1' }, { id: 'b', amount: { deep: true } }, { id: 'c', amount: '3' }]} />)
    const table = screen.getByRole('table', { name: 'Rows' })
    expect(within(table).getByText('a')).toBeInTheDocument()
    expect(within(table).getByText('c')).toBeInTheDocument()
    const alert = within(table).getByRole('alert')
    expect(alert).toHaveTextContent('This row could not be shown: amount is not text')
    expect(alert.closest('td')).toHaveAttribute('colspan', '2')
    fireEvent.click(within(alert).getByRole('button', { name: 'Show raw JSON' }))
    expect(alert).toHaveTextContent('"deep": true')
  })
})
