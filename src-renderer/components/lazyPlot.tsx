import { useEffect, useState, type ComponentType } from 'react'
import { messageOf } from '@contract/errors'

interface PlotProps {
  /** The plot's height in px, held by the space shown while it loads. */
  height: number
}

/**
 * A chart's plot, loaded the first time one is shown. recharts and the d3 and redux
 * code it brings are about a third of the renderer's code: leaving them out of the
 * first bundle keeps them off start-up, and views without a chart never load them.
 * The space the plot will take is held while it loads, so nothing below it moves.
 */
export function lazyPlot<P extends PlotProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const fetchPlot = () =>
    (loading ??= load().then(
      (plot) => (loaded = plot),
      (error: unknown) => {
        // Forgotten, so "Try again" asks afresh.
        loading = undefined
        throw error
      },
    ))

  return function LazyPlot(props: P) {
    const [plot, setPlot] = useState(() => loaded)
    // null: loading (again, once "Try again" clears the failure).
    const [error, setError] = useState<string | null>(null)
    useEffect(() => {
      if (plot || error !== null) return
      let live = true
      fetchPlot().then(
        (p) => live && setPlot(() => p),
        (e: unknown) => live && setError(messageOf(e)),
      )
      return () => {
        live = false
      }
    }, [plot, error])

    if (plot) {
      const Plot = plot
      return <Plot {...props} />
    }
    if (error !== null)
      return (
        <div className="notice notice-error" style={{ minHeight: props.height }} role="alert">
          <p>The chart could not be loaded: {error}</p>
          <button type="button" onClick={() => setError(null)}>
            Try again
          </button>
        </div>
      )
    return <div style={{ height: props.height }} role="status" aria-label="Loading chart" />
  }
}
