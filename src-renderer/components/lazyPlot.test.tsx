import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { lazyPlot } from './lazyPlot'

const Plot = ({ label, height }: { label: string; height: number }) => <p>{`${label} at ${height}px`}</p>

describe('lazyPlot', () => {
  it('holds the plot’s height while it loads, then shows it', async () => {
    const LazyPlot = lazyPlot(() => Promise.resolve(Plot))
    render(<LazyPlot label="bars" height={150} />)
    expect(screen.getByRole('status', { name: 'Loading chart' })).toHaveStyle({ height: '150px' })
    expect(await screen.findByText('bars at 150px')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'Loading chart' })).toBeNull()
  })

  it('loads once however many are shown, and shows later ones at once', async () => {
    const load = vi.fn(() => Promise.resolve(Plot))
    const LazyPlot = lazyPlot(load)
    const first = render(
      <>
        <LazyPlot label="a" height={10} />
        <LazyPlot label="b" height={10} />
      </>,
    )
    expect(await screen.findByText('b at 10px')).toBeInTheDocument()
    first.unmount()
    render(<LazyPlot label="c" height={10} />)
    expect(screen.getByText('c at 10px')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('says when the plot cannot be loaded, and tries again when asked', async () => {
    const load = vi.fn<() => Promise<typeof Plot>>().mockRejectedValueOnce(new Error('chunk missing')).mockResolvedValue(Plot)
    const LazyPlot = lazyPlot(load)
    render(<LazyPlot label="line" height={220} />)
    expect(await screen.findByRole('alert')).toHaveTextContent('The chart could not be loaded: chunk missing')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('line at 220px')).toBeInTheDocument()
    expect(load).toHaveBeenCalledTimes(2)
  })
})
