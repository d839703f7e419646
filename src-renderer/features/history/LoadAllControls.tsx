import { useState } from 'react'
import { FormField } from '../../components/FormField'
import { formatCount } from '../../lib/format'
import type { ReadAllState } from '../../stores/readAllRuns'
import { MAX_LOAD_ALL_CAP } from './filters'
import type { HistoryActions, HistoryList } from './useHistoryView'

const OUTCOME_TEXT: Record<NonNullable<ReadAllState['outcome']>, (loaded: string, more: boolean) => string> = {
  complete: (n) => `Loaded all ${n} matching intents.`,
  cap: (n, more) => `Stopped at the cap: ${n} loaded${more ? ', more remain' : ''}.`,
  cancelled: (n) => `Cancelled after ${n} intents.`,
  error: (n) => `Stopped by an error after ${n} intents.`,
}

function outcomeText(s: ReadAllState, more: boolean): string {
  // The service showed more than was loaded before it could not be read: whatever the cache added, the list is partial.
  if (s.atLeast !== undefined) return `${formatCount(s.loaded)} of at least ${formatCount(s.atLeast)} loaded; the rest could not be read.`
  return s.outcome ? OUTCOME_TEXT[s.outcome](formatCount(s.loaded), more) : ''
}

/** Progress while loading, the outcome after. */
function LoadAllStatus({ run, more }: { run: ReadAllState; more: boolean }) {
  const exact = run.running || run.outcome !== 'complete' || run.atLeast !== undefined
  return (
    <div className="row small" data-testid="history-loadall-status">
      <progress value={exact ? run.loaded : 1} max={run.atLeast ?? (exact ? run.cap : 1)} aria-label="Load all progress" />
      <span aria-live="polite">
        {run.running ? `Loaded ${formatCount(run.loaded)} of at most ${formatCount(run.cap)}…` : outcomeText(run, more)}
        {run.duplicates ? ` ${formatCount(run.duplicates)} repeated entries shown once.` : ''}
      </span>
    </div>
  )
}

/** The cap as typed: checked on blur and before every start, and kept in the URL once valid. */
function useCapDraft(cap: number, onCap: (cap: number) => void) {
  const [typed, setTyped] = useState<{ for: number; text: string }>({ for: cap, text: String(cap) })
  const [error, setError] = useState<string>()
  // A new cap from the URL replaces what was typed for the old one.
  const draft = typed.for === cap ? typed.text : String(cap)
  const commit = (): number | undefined => {
    const n = Number(draft.trim())
    if (!/^\d+$/.test(draft.trim()) || n < 1 || n > MAX_LOAD_ALL_CAP) {
      setError(`Use a whole number from 1 to ${formatCount(MAX_LOAD_ALL_CAP)}`)
      return undefined
    }
    setError(undefined)
    if (n !== cap) onCap(n)
    return n
  }
  return { draft, error, setDraft: (text: string) => setTyped({ for: cap, text }), commit }
}

/** "Load all" for analysis: every matching intent up to the cap, with progress and a cancel that stops between pages. */
export function LoadAllControls({
  cap,
  list,
  actions,
  onCap,
}: {
  cap: number
  list: Pick<HistoryList, 'view' | 'run' | 'more'>
  actions: Pick<HistoryActions, 'startLoadAll' | 'cancelLoadAll' | 'resumeLoadAll' | 'backToPages'>
  onCap(cap: number): void
}) {
  const capDraft = useCapDraft(cap, onCap)
  const run = list.run
  const idle = list.view === 'all' && !run?.running
  const start = () => {
    const n = capDraft.commit()
    if (n !== undefined && !run?.running) actions.startLoadAll(n)
  }
  const resume = () => {
    const n = capDraft.commit()
    if (n !== undefined) actions.resumeLoadAll(n)
  }
  return (
    <div className="history-loadall" role="group" aria-label="Load all">
      <form className="row" onSubmit={(e) => (e.preventDefault(), start())} noValidate>
        <FormField label="Stop after" error={capDraft.error}>
          <input inputMode="numeric" value={capDraft.draft} size={8} onChange={(e) => capDraft.setDraft(e.target.value)} onBlur={capDraft.commit} />
        </FormField>
        <button type="submit" disabled={run?.running}>
          Load all
        </button>
        {run?.running ? (
          <button type="button" onClick={actions.cancelLoadAll} disabled={run.cancelling}>
            {run.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : null}
        {idle && list.more && run?.outcome !== 'error' ? (
          <button type="button" onClick={resume} title="Read on from where loading stopped, up to the cap">
            Continue
          </button>
        ) : null}
        {idle ? (
          <button type="button" onClick={actions.backToPages}>
            Back to pages
          </button>
        ) : null}
      </form>
      {run && list.view === 'all' ? <LoadAllStatus run={run} more={list.more} /> : null}
    </div>
  )
}
