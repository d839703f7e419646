import { useEffect, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { MAX_PASTED_INTENT_CHARS } from '@contract/bridge'
import type { SvcError, SvcErrorKind } from '@contract/errors'
import type { Intent, QuoteIntentResponse } from '@contract/service'
import { CopyButton } from '../../components/CopyButton'
import { ErrorNotice } from '../../components/ErrorNotice'
import { cacheIntents } from '../../db'
import { readBlobText } from '../../db/transfer'
import { call } from '../../data/call'
import { formatAge, parseTime } from '../../lib/format'
import { intentRoute, intentTokenMetadata } from '../../lib/intentRoute'
import { useNow } from '../../lib/useNow'
import { useRouteTokenLabels } from '../../data/reference/useRouteTokenLabels'
import { useSessionState } from '../../lib/useSessionState'
import { useOfflineMode } from '../../stores/cache'
import { useLearnTokens } from '../../data/reference/tokens'
import { WatchButton } from '../watch'
import { ExecutionWindow } from './ExecutionWindow'
import { IntentPreview, isExpired } from './IntentPreview'
import { parseIntentInput, type ParsedIntentInput } from './parseIntent'
import { QuoteForm } from './QuoteForm'

interface Committed {
  intentId: string
  /** epoch ms, on this machine's clock: the execution window runs from here. */
  committedAt: number
  /** The commit's own answer was lost; asking the service showed it went through. */
  confirmedLater?: boolean
}

/**
 * Failures after which the request may still have reached the service and been carried
 * out: the answer was lost, unreadable or late. Sending the commit again would then be
 * refused ("intent is COMMITTED") although it succeeded, so the next attempt asks first.
 */
const OUTCOME_UNKNOWN: ReadonlySet<SvcErrorKind> = new Set(['Network', 'Timeout', 'BadResponse', 'Unavailable', 'Aborted', 'Internal'])

/** A commit sent whose outcome is not known. */
interface Unsure {
  intentId: string
  sentAt: number
}

/** What the text box holds, said in one line (or the list of problems). */
function InputStatus({ parsed }: { parsed: ParsedIntentInput }) {
  switch (parsed.status) {
    case 'empty':
      return <p className="muted small">Paste the intent QuoteIntent returned, open a JSON file, or get a quote above.</p>
    case 'not-json':
      return (
        <p className="field-error" role="alert">
          {parsed.message}
        </p>
      )
    case 'invalid':
      return (
        <div className="field-error" role="alert">
          <p>This intent cannot be read:</p>
          <ul className="commit-problems">
            {parsed.problems.map((p, i) => (
              <li key={i}>
                {p.path ? <code>{p.path}</code> : null}
                {p.path ? ': ' : null}
                {p.message}
              </li>
            ))}
          </ul>
        </div>
      )
    case 'ok':
      return (
        <p className="muted small" role="status">
          Read {parsed.shape === 'quote-response' ? 'a whole QuoteIntent answer' : 'an intent'}; it will be committed exactly as it is.
        </p>
      )
  }
}

/** Reads a JSON file the person picked; the text goes into the box so it can be checked and edited. */
function OpenFileButton({ onText, onError }: { onText: (text: string) => void; onError: (message: string) => void }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" onClick={() => input.current?.click()}>
        Open file…
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json,text/plain"
        hidden
        data-testid="commit-file"
        onChange={async (e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (!file) return
          try {
            onText(await readBlobText(file))
          } catch {
            onError(`The file ${file.name} could not be read.`)
          }
        }}
      />
    </>
  )
}

function ExpiredWarning({ intent }: { intent: Intent }) {
  const now = useNow(1000)
  if (!isExpired(intent, now)) return null
  const at = parseTime(intent.expiresAt)!
  return (
    <div className="notice notice-warn" role="alert">
      <strong>This quote has expired</strong>
      <p>
        It expired {formatAge(at, now)}. The service will most likely refuse to commit it: get a new quote, or commit anyway to
        see its answer.
      </p>
    </div>
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
      <ExecutionWindow committedAt={committed.committedAt} />
      <div className="row">
        <Link to={`/intent/${encodeURIComponent(committed.intentId)}`}>Open the intent</Link>
        <WatchButton intentId={committed.intentId} />
      </div>
    </div>
  )
}

/**
 * Commit an intent: paste or open what QuoteIntent returned (or quote one here), check
 * it, commit it unmodified, then execute within the 10-minute window.
 */
export function CommitView() {
  // Kept across a restart too: the pasted text is what gets committed, byte for byte.
  const [text, setText] = useSessionState('commit.text', '', 'local')
  const [committed, setCommitted] = useSessionState<Committed | null>('commit.committed', null)
  const [quoting, setQuoting] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<SvcError | null>(null)
  const [unsure, setUnsure] = useSessionState<Unsure | null>('commit.unsure', null)
  const [fileError, setFileError] = useState<string | null>(null)
  const parsed = useMemo(() => parseIntentInput(text), [text])
  const learn = useLearnTokens()
  const offline = useOfflineMode()

  useEffect(() => {
    if (parsed.status === 'ok') learn(intentTokenMetadata(parsed.intent, parsed.gasFeeOptions ?? parsed.intent.gasFeeOptions))
  }, [parsed, learn])
  const legs = useMemo(
    () => (parsed.status === 'ok' && parsed.intent.intentId ? [{ intentId: parsed.intent.intentId, ...intentRoute(parsed.intent) }] : []),
    [parsed],
  )
  useRouteTokenLabels(legs, !offline)

  const replaceText = (next: string) => {
    setText(next)
    setFailure(null)
    setFileError(null)
  }

  const takeQuote = (answer: QuoteIntentResponse) => {
    replaceText(JSON.stringify(answer, null, 2))
    setCommitted(null)
    setQuoting(false)
  }

  /** The intent as the service holds it now, into the cache; null if it could not be read. */
  const fetchHeld = async (intentId: string) => {
    const fetched = await call('getIntent', { intentId })
    if (!fetched.ok) return fetched
    void cacheIntents(fetched.value.source, [fetched.value.data])
    return fetched
  }

  const commit = async () => {
    if (parsed.status !== 'ok') return
    const intentId = parsed.intent.intentId
    setBusy(true)
    setFailure(null)
    setCommitted(null)
    if (unsure && unsure.intentId === intentId) {
      // The last attempt may have gone through: ask before sending it again.
      const held = await fetchHeld(intentId)
      // NotFound: the service does not hold the intent, so the commit did not go through.
      if (!held.ok && held.error.kind !== 'NotFound') {
        setBusy(false)
        return setFailure({ ...held.error, message: `Could not find out whether the last commit went through: ${held.error.message}` })
      }
      const status = held.ok ? held.value.data.status : undefined
      if (status && status !== 'QUOTED') {
        setBusy(false)
        setUnsure(null)
        return setCommitted({ intentId, committedAt: unsure.sentAt, confirmedLater: true })
      }
    }
    const sentAt = Date.now()
    // The text goes along so the intent is sent exactly as pasted, not re-encoded.
    const pastedText = text.length <= MAX_PASTED_INTENT_CHARS ? text : undefined
    const r = await call('commitIntent', { intent: parsed.intent, pastedText })
    setBusy(false)
    if (!r.ok) {
      setUnsure(OUTCOME_UNKNOWN.has(r.error.kind) && intentId ? { intentId, sentAt } : null)
      return setFailure(r.error)
    }
    setUnsure(null)
    setCommitted({ intentId: r.value.data.intentId, committedAt: Date.now() })
    // The committed intent, as the service now holds it, goes to the cache.
    await fetchHeld(r.value.data.intentId)
  }

  return (
    <section className="view" aria-labelledby="commit-title">
      <header className="view-header">
        <h1 id="commit-title">Commit</h1>
        <button type="button" aria-expanded={quoting} onClick={() => setQuoting((q) => !q)}>
          {quoting ? 'Hide the quote form' : 'Get a quote…'}
        </button>
      </header>
      {offline ? (
        <p className="notice notice-warn" role="status">
          The app is working from its cache: quoting and committing need the service, so they may fail until it can be reached.
        </p>
      ) : null}
      {quoting ? <QuoteForm onUse={takeQuote} /> : null}
      <div className="card">
        <div className="row commit-input-head">
          <label htmlFor="commit-text">
            <strong>Intent to commit</strong>
          </label>
          <OpenFileButton onText={replaceText} onError={setFileError} />
          <button type="button" disabled={!text} onClick={() => replaceText('')}>
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
          onChange={(e) => replaceText(e.target.value)}
        />
        {fileError ? (
          <p className="field-error" role="alert">
            {fileError}
          </p>
        ) : null}
        <InputStatus parsed={parsed} />
      </div>
      {parsed.status === 'ok' ? (
        <>
          <IntentPreview intent={parsed.intent} gasFeeOptions={parsed.gasFeeOptions} />
          <ExpiredWarning intent={parsed.intent} />
        </>
      ) : null}
      <div className="row">
        <button type="button" className="primary" disabled={parsed.status !== 'ok' || busy} onClick={() => void commit()}>
          {busy ? 'Committing…' : 'Commit intent'}
        </button>
      </div>
      {failure ? <ErrorNotice error={failure} onRetry={() => void commit()} /> : null}
      {failure && unsure ? (
        <p className="muted small" role="note">
          The service may have committed this intent before its answer was lost. “Try again” first asks the service whether it holds the
          intent as committed, and sends the commit only if it does not.
        </p>
      ) : null}
      {committed ? <CommitSuccess committed={committed} /> : null}
    </section>
  )
}
