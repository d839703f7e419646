import { Link } from 'react-router'
import type { Intent } from '@contract/service'
import { CopyButton } from '../../components/CopyButton'
import { ErrorNotice } from '../../components/ErrorNotice'
import { OpenFileButton } from '../../components/OpenFileButton'
import { ProblemList } from '../../components/ProblemList'
import { StatusBadge } from '../../components/StatusBadge'
import { readBlobText } from '../../db/transfer'
import { formatAge, formatClock, formatDuration, parseTime } from '../../lib/format'
import { useServiceNow } from '../../data/serviceExtras'
import { useNow } from '../../lib/useNow'
import { WatchButton } from '../watch'
import type { Committed } from './commitFlow'
import { IntentPreview } from './IntentPreview'
import type { ParsedIntentInput } from './parseIntent'
import { QuoteForm } from './QuoteForm'
import { useCommitView, type CommitViewModel } from './useCommitView'
import { ViewHeader } from '../../components/ViewHeader'
import { intentPath } from '../../components/IntentLink'

/** What the text box holds, said in one line (or the list of problems). */
function InputStatus({ parsed }: { parsed: ParsedIntentInput }) {
  switch (parsed.status) {
    case 'empty':
      return <p className="muted small">Paste the intent QuoteIntent returned, open a JSON file, or get a quote above.</p>
    case 'not-json':
      return <p className="field-error" role="alert">{parsed.message}</p>
    case 'invalid':
      return (
        <ProblemList
          className="field-error"
          title={<p>This intent cannot be read:</p>}
          listClassName="commit-problems"
          lines={parsed.problems.map((p) => (p.path ? <><code>{p.path}</code>: {p.message}</> : p.message))}
        />
      )
    case 'ok':
      return (
        <p className="muted small" role="status">
          Read {parsed.shape === 'quote-response' ? 'a whole QuoteIntent answer' : 'an intent'}; it will be committed exactly as it is.
        </p>
      )
  }
}

function ExpiredWarning({ intent }: { intent: Intent }) {
  // Expiry is the service's to judge: by its clock, where it has one and is off from this machine's.
  const { now, skewNote } = useServiceNow(useNow(1000))
  const at = parseTime(intent.expiresAt)
  if (at === undefined || at > now) return null
  return (
    <div className="notice notice-warn" role="alert">
      <strong>This quote has expired</strong>
      <p>
        It expired {formatAge(at, now)}{skewNote ? ` (${skewNote})` : ''}. The service will most likely refuse to commit it: get a new
        quote, or commit anyway to see its answer.
      </p>
    </div>
  )
}

/** Spec 4.1: a committed intent must be executed within 10 minutes. */
export const EXECUTION_WINDOW_MS = 10 * 60_000

/** A live countdown to the end of the execution window that a successful commit opened. */
export function ExecutionWindow({ committedAt }: { committedAt: number }) {
  const deadline = committedAt + EXECUTION_WINDOW_MS
  const now = useNow(1000, Date.now() < deadline)
  const left = deadline - now
  if (left <= 0)
    return (
      <p className="notice notice-warn commit-window" role="status" data-testid="execution-window">
        The 10-minute execution window closed at {formatClock(deadline)}. To go ahead, get a new quote and commit it again.
      </p>
    )
  return (
    <p className="commit-window" data-testid="execution-window">
      Execute before <strong>{formatClock(deadline)}</strong>{' '}
      <span role="timer" aria-live="off" className="commit-countdown">
        ({formatDuration(left)} left)
      </span>
    </p>
  )
}

function CommitSuccess({ committed }: { committed: Committed }) {
  return (
    <div className="card commit-success" role="status" aria-label="Committed">
      <h2>Committed</h2>
      {committed.confirmedLater ? (
        <p className="muted small">
          The answer to the commit was lost, so the service was asked about the intent: it holds it as committed. Nothing was sent twice.
        </p>
      ) : null}
      <p>
        Intent id <code data-testid="committed-intent-id">{committed.intentId}</code> <CopyButton text={committed.intentId} />
      </p>
      <p data-testid="committed-status">
        Status now{' '}
        {committed.status ? (
          <StatusBadge status={committed.status} />
        ) : committed.statusUnread ? (
          <span className="muted">not known: the service accepted the commit, but asking it for the intent afterwards failed</span>
        ) : (
          <span className="muted">asking the service…</span>
        )}
      </p>
      <ExecutionWindow committedAt={committed.committedAt} />
      <div className="row">
        <Link to={intentPath(committed.intentId)}>Open the intent</Link>
        <WatchButton intentId={committed.intentId} />
      </div>
    </div>
  )
}

/** The box the intent is pasted into or opened from a file, with what it reads as. */
function IntentInput({ model }: { model: CommitViewModel }) {
  const { text, parsed } = model
  return (
    <div className="card">
      <div className="row commit-input-head">
        <label htmlFor="commit-text">
          <strong>Intent to commit</strong>
        </label>
        {/* The file's text goes into the box, so it can be checked and edited. */}
        <OpenFileButton
          label="Open file…"
          accept=".json,application/json,text/plain"
          testId="commit-file"
          onFile={(file) => readBlobText(file).then(model.replaceText, () => model.setFileError(`The file ${file.name} could not be read.`))}
        />
        <button type="button" disabled={!text} onClick={() => model.replaceText('')}>
          Clear
        </button>
      </div>
      <textarea
        id="commit-text"
        className="mono commit-text"
        rows={12}
        spellCheck={false}
        value={text}
        aria-invalid={parsed.status === 'not-json' || parsed.status === 'invalid'}
        placeholder='{ "intent": { … }, "gasFeeOptions": { … } }'
        onChange={(e) => model.replaceText(e.target.value)}
      />
      {model.fileError ? (
        <p className="field-error" role="alert">
          {model.fileError}
        </p>
      ) : null}
      <InputStatus parsed={parsed} />
    </div>
  )
}

/** The Commit button, why it is not offered when it is not, and how the last attempt failed. */
function CommitActions({ model }: { model: CommitViewModel }) {
  const { gate, failure } = model
  return (
    <>
      <div className="row">
        <button type="button" className="primary" disabled={!gate.enabled} aria-describedby={gate.reason ? 'commit-gate' : undefined} onClick={model.commit}>
          {model.busy ? 'Committing…' : 'Commit intent'}
        </button>
        {gate.reason ? (
          <span id="commit-gate" className="muted small" data-testid="commit-gate">
            {gate.reason}
          </span>
        ) : null}
      </div>
      {failure ? <ErrorNotice error={failure} onRetry={model.commit} /> : null}
      {model.unsure ? (
        <p className="muted small" role="note">
          The service may have committed this intent before its answer was lost. “Try again” first asks the service whether it holds the
          intent as committed, and sends the commit only if it does not.
        </p>
      ) : null}
    </>
  )
}

/**
 * Commit an intent: paste or open what QuoteIntent returned (or quote one here), check
 * it, commit it unmodified, then execute within the 10-minute window.
 */
export function CommitView() {
  const model = useCommitView()
  const { parsed } = model
  return (
    <section className="view" aria-labelledby="commit-title">
      <ViewHeader title="Commit" titleId="commit-title">
        <button type="button" aria-expanded={model.quoting} onClick={model.toggleQuoting}>
          {model.quoting ? 'Hide the quote form' : 'Get a quote…'}
        </button>
      </ViewHeader>
      {model.offline ? (
        <p className="notice notice-warn" role="status">
          The app is working from its cache: quoting and committing need the service, so they may fail until it can be reached.
        </p>
      ) : null}
      {model.quoting ? <QuoteForm onUse={model.takeQuote} /> : null}
      <IntentInput model={model} />
      {parsed.status === 'ok' ? (
        <>
          <IntentPreview intent={parsed.intent} gasFeeOptions={parsed.gasFeeOptions} status={model.status} />
          {model.committed?.intentId === parsed.intent.intentId ? null : <ExpiredWarning intent={parsed.intent} />}
        </>
      ) : null}
      <CommitActions model={model} />
      {model.committed ? <CommitSuccess committed={model.committed} /> : null}
    </section>
  )
}
