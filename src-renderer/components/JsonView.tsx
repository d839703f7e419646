import { useState, type ReactNode } from 'react'
import { countOf } from '../lib/format'
import { CopyButton } from './CopyButton'
import { rawJson } from './ErrorBoundary'

type Container = Record<string, unknown> | unknown[]

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null

function Leaf({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-string">&quot;{value}&quot;</span>
  if (typeof value === 'number' || typeof value === 'bigint') return <span className="json-number">{String(value)}</span>
  if (typeof value === 'boolean') return <span className="json-bool">{String(value)}</span>
  // An object or array reaches here only when it has no entries.
  if (isContainer(value)) return <>{Array.isArray(value) ? '[]' : '{}'}</>
  return <span className="json-null">null</span>
}

interface NodeProps {
  name?: ReactNode
  /** Where the node sits, for the toggle's accessible name (`quote.routeProviders`). */
  path: string
  value: unknown
  depth: number
  openDepth: number
  last: boolean
}

/** One value: a leaf on its line, or an object or array with entries (a toggle, its entries when open, a count when closed). */
function Node({ name, path, value, depth, openDepth, last }: NodeProps) {
  const [open, setOpen] = useState(depth < openDepth)
  const comma = last ? '' : ','
  const label = name === undefined ? null : (
    <>
      <span className="json-key">{name}</span>:{' '}
    </>
  )
  const array = Array.isArray(value)
  // An object's undefined fields are left out, as JSON leaves them out.
  const entries = isContainer(value) ? Object.entries(value).filter(([, v]) => array || v !== undefined) : []
  if (!entries.length) {
    return (
      <div className="json-line">
        {label}
        <Leaf value={value} />
        {comma}
      </div>
    )
  }
  const [openMark, closeMark] = array ? '[]' : '{}'
  const count = countOf(entries.length, array ? 'item' : 'field')
  return (
    <div className="json-node">
      <div className="json-line">
        <button type="button" className="json-toggle" aria-expanded={open} aria-label={`${open ? 'Collapse' : 'Expand'} ${path}`} onClick={() => setOpen(!open)}>
          {open ? '▾' : '▸'}
        </button>
        {label}
        {openMark}
        {open ? null : (
          <>
            <span className="muted"> {count} </span>
            {closeMark}
            {comma}
          </>
        )}
      </div>
      {open ? (
        <>
          <div className="json-children">
            {entries.map(([k, v], i) => (
              <Node
                key={k}
                name={array ? undefined : `"${k}"`}
                path={array ? `${path}[${k}]` : path === 'value' ? k : `${path}.${k}`}
                value={v}
                depth={depth + 1}
                openDepth={openDepth}
                last={i === entries.length - 1}
              />
            ))}
          </div>
          <div className="json-line">
            {closeMark}
            {comma}
          </div>
        </>
      ) : null}
    </div>
  )
}

/**
 * A JSON value as a collapsible tree, with the whole text one click from the clipboard.
 * Big amounts stay exact: they travel as decimal strings and are shown as sent.
 */
export function JsonView({ value, label = 'Raw JSON', openDepth = 1 }: { value: unknown; label?: string; openDepth?: number }) {
  // Remounting the tree is the simplest way to expand or collapse every node at once.
  const [mode, setMode] = useState<{ depth: number; n: number }>({ depth: openDepth, n: 0 })
  const text = rawJson(value, Infinity)
  return (
    <div className="json-view" role="group" aria-label={label}>
      <div className="row json-tools">
        <CopyButton text={text} label="Copy JSON" />
        <button type="button" onClick={() => setMode((m) => ({ depth: Infinity, n: m.n + 1 }))}>
          Expand all
        </button>
        <button type="button" onClick={() => setMode((m) => ({ depth: 1, n: m.n + 1 }))}>
          Collapse all
        </button>
      </div>
      <div className="json-tree mono" key={mode.n}>
        <Node value={value} path="value" depth={0} openDepth={mode.depth} last />
      </div>
    </div>
  )
}
