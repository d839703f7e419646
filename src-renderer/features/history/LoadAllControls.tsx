import { useEffect, useState } from 'react'
import { FormField } from '../../components/FormField'
import { MAX_LOAD_ALL_CAP } from './filters'
import type { HistoryState } from './store'

const count = (n: number) => n.toLocaleString('en-US')

function outcomeText(s: NonNullable<HistoryState['loadAll']>, more: boolean): string {
  // The service showed more than was loaded before it could not be read: whatever the cache added, the list is partial.
  if (s.atLeast !== undefined) return `${count(s.loaded)} of at least ${count(s.atLeast)} loaded; the rest could not be read.`
  switch (s.outcome) {
    case 'complete':
      return `Loaded all ${count(s.loaded)} matching intents.`
    case 'cap':
      return `Stopped at the cap: ${count(s.loaded)} loaded${more ? ', more remain' : ''}.`
    case 'cancelled':
      return `Cancelled after ${count(s.loaded)} intents.`
    case 'error':
      return `Stopped by an error after ${count(s.loaded)} intents.`
    default:
      return ''
  }
}

/**
 * "Load all" for analysis: reads every matching intent (in pages of up to 100) until the
 * list ends or the cap is reached, with progress and a cancel that stops between pages.
 */
export function LoadAllControls({
  cap,
  state,
  onCap,
}: {
  cap: number
  state: Pick<HistoryState, 'mode' | 'loadAll' | 'more' | 'startLoadAll' | 'cancelLoadAll' | 'resumeLoadAll' | 'backToPages' | 'status'>
  onCap(cap: number): void
}) {
  const [draft, setDraft] = useState(String(cap))
  const [error, setError] = useState<string>()
  useEffect(() => setDraft(String(cap)), [cap])
  const progress = state.loadAll

  const commitCap = (): number | undefined => {
    const n = Number(draft.trim())
    if (!/^\d+$/.test(draft.trim()) || n < 1 || n > MAX_LOAD_ALL_CAP) {
      setError(`Use a whole number from 1 to ${count(MAX_LOAD_ALL_CAP)}`)
      return undefined
    }
    setError(undefined)
    if (n !== cap) onCap(n)
    return n
  }

  return (
    <div className="history-loadall" role="group" aria-label="Load all">
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault()
          const n = commitCap()
          if (n !== undefined && !progress?.running) state.startLoadAll(n)
        }}
        noValidate
      >
        <FormField label="Stop after" error={error}>
          <input inputMode="numeric" value={draft} size={8} onChange={(e) => setDraft(e.target.value)} onBlur={commitCap} />
        </FormField>
        <button type="submit" disabled={progress?.running}>
          Load all
        </button>
        {progress?.running ? (
          <button type="button" onClick={state.cancelLoadAll} disabled={progress.cancelling}>
            {progress.cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : null}
        {state.mode === 'all' && !progress?.running && state.more && progress?.outcome !== 'error' ? (
          <button
            type="button"
            onClick={() => {
              const n = commitCap()
              if (n !== undefined) state.resumeLoadAll(n)
            }}
            title="Read on from where loading stopped, up to the cap"
          >
            Continue
          </button>
        ) : null}
        {state.mode === 'all' && !progress?.running ? (
          <button type="button" onClick={state.backToPages}>
            Back to pages
          </button>
        ) : null}
      </form>
      {progress ? (
        <div className="row small" data-testid="history-loadall-status">
          <progress
            value={progress.running || progress.outcome !== 'complete' || progress.atLeast ? progress.loaded : 1}
            max={progress.atLeast ?? (progress.running || progress.outcome !== 'complete' ? progress.cap : 1)}
            aria-label="Load all progress"
          />
          <span aria-live="polite">
            {progress.running
              ? `Loaded ${count(progress.loaded)} of at most ${count(progress.cap)}…`
              : outcomeText(progress, state.more)}
            {progress.duplicates ? ` ${count(progress.duplicates)} repeated entries shown once.` : ''}
          </span>
        </div>
      ) : null}
    </div>
  )
}
