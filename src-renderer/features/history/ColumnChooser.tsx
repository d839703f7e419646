import { useMemo, useRef, useState } from 'react'
import { Checkbox } from '../../components/Checkbox'
import { useEscapeKey } from '../../lib/useEscapeKey'
import { useHistoryColumns } from '../../stores/historyColumns'
import { OPTIONAL_COLUMNS } from './HistoryTable'

/** The picked columns as the set HistoryTable takes; the same set until the pick changes. */
export function usePickedColumns(): ReadonlySet<string> {
  const picked = useHistoryColumns((s) => s.picked)
  return useMemo(() => new Set(picked), [picked])
}

/**
 * More columns for the table. The default ones fit a 1280-px window; these can make it
 * scroll sideways, so they are a person's choice (every field is also in the details panel).
 */
export function ColumnChooser() {
  const picked = usePickedColumns()
  const toggle = useHistoryColumns((s) => s.toggle)
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDetailsElement>(null)
  useEscapeKey(open, () => {
    setOpen(false)
    ref.current?.querySelector('summary')?.focus()
  })
  return (
    <details ref={ref} className="column-chooser" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Columns{picked.size ? ` (+${picked.size})` : ''}</summary>
      <fieldset>
        <legend className="small muted">More columns (the table may scroll sideways)</legend>
        {OPTIONAL_COLUMNS.map((c) => (
          <Checkbox key={c.id} className="small" label={c.header} checked={picked.has(c.id)} onChange={() => toggle(c.id)} />
        ))}
      </fieldset>
    </details>
  )
}
