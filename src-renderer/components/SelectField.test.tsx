import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Pager } from './Pager'
import { plainOptions, SelectField } from './SelectField'
import { ViewHeader } from './ViewHeader'

function Sizes({ initial, onPick }: { initial: number; onPick(n: number): void }) {
  const [value, setValue] = useState(initial)
  return (
    <SelectField
      label="Per page"
      value={value}
      options={plainOptions([10, 20, 50])}
      onChange={(n) => {
        setValue(n)
        onPick(n)
      }}
    />
  )
}

describe('SelectField', () => {
  it('is named by its label and hands back the typed value', async () => {
    const onPick = vi.fn()
    render(<Sizes initial={20} onPick={onPick} />)
    const select = screen.getByLabelText('Per page')
    expect(select).toHaveValue('20')
    await userEvent.selectOptions(select, '50')
    expect(onPick).toHaveBeenCalledWith(50)
    expect(select).toHaveValue('50')
  })

  it('is reached with the keyboard, and a click on its label focuses it', async () => {
    render(<Sizes initial={10} onPick={() => undefined} />)
    const select = screen.getByLabelText('Per page')
    await userEvent.tab()
    expect(select).toHaveFocus()
    select.blur()
    await userEvent.click(screen.getByText('Per page'))
    expect(select).toHaveFocus()
  })

  it('keeps a value that is not among the options, shown as is', () => {
    render(<SelectField label="Sort" value="oddOrder" options={[{ value: 'nameAsc', label: 'Name' }]} onChange={() => undefined} />)
    expect(screen.getByLabelText('Sort')).toHaveValue('oddOrder')
    expect(screen.getByRole('option', { name: 'oddOrder' })).toBeInTheDocument()
  })

  it('ties its problem to the control and can be turned off', () => {
    render(<SelectField label="Type" value="" options={[{ value: '', label: 'Any type' }]} onChange={() => undefined} error="Unknown type" disabled />)
    const select = screen.getByLabelText('Type')
    expect(select).toBeDisabled()
    expect(select).toHaveAttribute('aria-invalid', 'true')
    expect(select).toHaveAccessibleDescription('Unknown type')
  })
})

describe('Pager', () => {
  it('pages with its buttons and names its page size picker', async () => {
    const onNext = vi.fn()
    const onSize = vi.fn()
    render(
      <Pager
        label="Pages"
        hasPrevious={false}
        hasNext
        onPrevious={() => undefined}
        onNext={onNext}
        pageSize={{ value: 20, sizes: [10, 20], onChange: onSize }}
        summary={<span>Showing 1–20</span>}
        current={<span>Page 1</span>}
      />,
    )
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Showing 1–20')
    expect(screen.getByRole('button', { name: '← Previous' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Next →' }))
    expect(onNext).toHaveBeenCalledOnce()
    await userEvent.selectOptions(screen.getByLabelText('Per page'), '10')
    expect(onSize).toHaveBeenCalledWith(10)
  })

  it('turns both buttons off while a page loads', () => {
    render(<Pager label="Pages" busy hasPrevious hasNext onPrevious={() => undefined} onNext={() => undefined} />)
    expect(screen.getByRole('button', { name: '← Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled()
    expect(screen.queryByLabelText('Per page')).toBeNull()
  })
})

describe('ViewHeader', () => {
  it('gives the view its heading, with the id the section is labelled by', () => {
    render(
      <section aria-labelledby="t">
        <ViewHeader title="Yield markets" titleId="t" logo={<img alt="" />}>
          <button type="button">Refresh</button>
        </ViewHeader>
      </section>,
    )
    expect(screen.getByRole('region', { name: 'Yield markets' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Yield markets' })).toHaveAttribute('id', 't')
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('button', { name: 'Refresh' }))
  })

  it('puts a line under the title when asked', () => {
    render(<ViewHeader title="Watch" titleId="w" subtitle={<p role="status">2 live</p>} />)
    expect(screen.getByRole('heading', { name: 'Watch' }).parentElement).toContainElement(screen.getByRole('status'))
  })
})
