import { Component, useState, type ErrorInfo, type ReactNode } from 'react'
import { messageOf } from '@contract/errors'

/**
 * The one error boundary of the app. A record that a view cannot draw (a value no
 * service check caught, from an old cache or an imported file) costs the part that
 * draws it, never the app: the shell wraps each routed view in one (reset on
 * navigation), and views wrap each card and each table row, passing the record so the
 * fallback can show its raw JSON. What stays: the sidebar, the other cards and rows.
 */

interface Props {
  children: ReactNode
  /** What failed, for the message: "view", "row", "card", "summary". */
  what: string
  /** The record being drawn: offered as raw JSON in the fallback. */
  record?: unknown
  /** A change of this value (the route, the record) tries drawing again. */
  resetKey?: unknown
  /** In a table body: the fallback is a row spanning this many columns. */
  rowColumns?: number
  /** One line, for a fixed-height row. */
  compact?: boolean
}

interface State {
  error?: Error
  resetKey?: unknown
}

/** The most of a record the fallback shows: a 10 MB string must not become a 10 MB text node. */
const MAX_RAW_CHARS = 100_000

/** The record as JSON for people: never throws (cycles, BigInt), cut at `max` characters. */
export function rawJson(record: unknown, max = MAX_RAW_CHARS): string {
  let text: string
  try {
    text = JSON.stringify(record, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2) ?? String(record)
  } catch (e) {
    text = `(cannot be written as JSON: ${messageOf(e)})`
  }
  return text.length > max ? `${text.slice(0, max)}\n… (${(text.length - max).toLocaleString('en-US')} more characters)` : text
}

export interface RecordProblemProps {
  what: string
  error: unknown
  /** Offered as raw JSON when given. */
  record?: unknown
  onRetry?: () => void
  /** One line (a row of a fixed-height grid); the raw JSON opens over what follows. */
  compact?: boolean
}

/**
 * What a part that could not be drawn shows instead: what failed and why, "Show raw
 * JSON" of its record, and "Try again". The boundary's fallback, and what a list shows
 * for a record it could not even turn into a row.
 */
export function RecordProblem({ what, error, record, onRetry, compact = false }: RecordProblemProps) {
  const [raw, setRaw] = useState(false)
  const why = messageOf(error)
  const message = `This ${what} could not be shown: ${why.length > 300 ? `${why.slice(0, 300)}…` : why}`
  const controls = (
    <>
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
      {record !== undefined ? (
        <button type="button" aria-expanded={raw} onClick={() => setRaw((r) => !r)}>
          {raw ? 'Hide raw JSON' : 'Show raw JSON'}
        </button>
      ) : null}
    </>
  )
  return (
    <div className={`notice notice-error render-error${compact ? ' render-error-compact' : ''}`} role="alert" data-render-error={what}>
      {compact ? (
        <span className="render-error-line small">
          {message} {controls}
        </span>
      ) : (
        <>
          <p>{message}</p>
          <p className="row small">{controls}</p>
        </>
      )}
      {raw ? <pre className="render-error-raw">{rawJson(record)}</pre> : null}
    </div>
  )
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A new route or record: draw again rather than keep the old failure on screen.
    return Object.is(props.resetKey, state.resetKey) ? null : { resetKey: props.resetKey, error: undefined }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`A ${this.props.what} could not be drawn`, error, info.componentStack)
  }

  private readonly retry = () => this.setState({ error: undefined })

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    const { what, record, rowColumns, compact } = this.props
    const fallback = <RecordProblem what={what} error={error} record={record} onRetry={this.retry} compact={compact} />
    if (rowColumns === undefined) return fallback
    return (
      <tr className="render-error-row">
        <td colSpan={rowColumns}>{fallback}</td>
      </tr>
    )
  }
}
