import { useMutation } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { MAX_PASTED_INTENT_CHARS, type BridgeArgs } from '@contract/bridge'
import type { SvcError } from '@contract/errors'
import type { Intent, QuoteIntentResponse } from '@contract/service'
import { bridgeCall } from '../../data/liveOrCached'
import { useRouteTokenLabels } from '../../data/reference/useRouteTokenLabels'
import { useLearnTokens } from '../../data/reference/tokens'
import { intentRoute, intentTokenMetadata } from '../../lib/intentRoute'
import { useSessionState } from '../../lib/useSessionState'
import { useOfflineMode } from '../../stores/cache'
import { commitGate, runCommit, shownStatus, withHeldStatus, type CommitCalls, type Committed, type Unsure } from './commitFlow'
import { parseIntentInput } from './parseIntent'

/** The real service calls: GetIntent is written through, so the committed intent lands in the cache. */
const SERVICE_CALLS: CommitCalls = {
  commitIntent: (args) => bridgeCall('commitIntent', args),
  getIntent: (args) => bridgeCall('getIntent', args),
  now: () => Date.now(),
}

/** Labels for the intent in the box: what it carries itself, and the receipt's when online. */
function useIntentLabels(intent: Intent | undefined, gasFeeOptions: QuoteIntentResponse['gasFeeOptions'], offline: boolean) {
  const learn = useLearnTokens()
  useEffect(() => {
    if (intent) learn(intentTokenMetadata(intent, gasFeeOptions ?? intent.gasFeeOptions))
  }, [intent, gasFeeOptions, learn])
  const legs = useMemo(() => (intent?.intentId ? [{ intentId: intent.intentId, ...intentRoute(intent) }] : []), [intent])
  useRouteTokenLabels(legs, !offline)
}

/**
 * The Commit view's model: the text in the box (kept for the session) and what it reads
 * as, the commit as a mutation, its outcome (kept for the session, so a reload still
 * shows it and a lost answer is asked about before sending again), and whether Commit is
 * offered.
 */
export function useCommitView(calls: CommitCalls = SERVICE_CALLS) {
  // Kept across a restart too: the pasted text is what gets committed, byte for byte.
  const [text, setText] = useSessionState('commit.text', '', 'local')
  const [committed, storeCommitted] = useSessionState<Committed | null>('commit.committed', null)
  // The commit shown now: the status read after a commit only lands on the one it is for.
  const latest = useRef(committed)
  const setCommitted = (next: Committed | null) => {
    latest.current = next
    storeCommitted(next)
  }
  const [unsure, setUnsure] = useSessionState<Unsure | null>('commit.unsure', null)
  const [quoting, setQuoting] = useState(false)
  const [fileError, setFileError] = useState<string | null>(null)
  const parsed = useMemo(() => parseIntentInput(text), [text])
  const offline = useOfflineMode()
  const ok = parsed.status === 'ok' ? parsed : undefined
  useIntentLabels(ok?.intent, ok?.gasFeeOptions, offline)

  const mutation = useMutation<Committed, SvcError, BridgeArgs<'commitIntent'>>({
    mutationFn: async (args) => {
      const outcome = await runCommit(calls, args, unsure)
      if (outcome.kind === 'failed') {
        setUnsure(outcome.unsure)
        throw outcome.failure
      }
      setUnsure(null)
      return outcome.committed
    },
    onMutate: () => setCommitted(null),
    onSuccess: (done) => {
      setCommitted(done)
      // Not awaited: the commit shows at once, its status follows.
      void withHeldStatus(calls, done).then((read) => {
        if (latest.current === done) setCommitted(read)
      })
    },
  })

  const replaceText = (next: string) => {
    setText(next)
    setFileError(null)
    mutation.reset()
  }
  const commit = () => {
    // The text goes along so the intent is sent exactly as pasted, not re-encoded.
    if (parsed.status === 'ok') mutation.mutate({ intent: parsed.intent, pastedText: text.length <= MAX_PASTED_INTENT_CHARS ? text : undefined })
  }

  return {
    text,
    parsed,
    offline,
    quoting,
    toggleQuoting: () => setQuoting((q) => !q),
    takeQuote: (answer: QuoteIntentResponse) => {
      replaceText(JSON.stringify(answer, null, 2))
      setCommitted(null)
      setQuoting(false)
    },
    replaceText,
    fileError,
    setFileError,
    commit,
    busy: mutation.isPending,
    failure: mutation.error,
    /** The last failure may have committed the intent anyway (its answer was lost). */
    unsure: mutation.error ? unsure : null,
    committed,
    gate: commitGate(parsed, committed, mutation.isPending),
    status: shownStatus(parsed, committed),
  }
}

export type CommitViewModel = ReturnType<typeof useCommitView>
