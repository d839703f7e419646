import { isKnownTransactionStatus, LEG_STATUS } from '@contract/service/constants'
import { formatDateTime, formatDuration } from '../lib/format'
import { chainName } from '../lib/chains'
import { useChainsById } from '../lib/displaySources'
import { TokenAmount } from './Amount'
import { FieldList, isBlank, type Field } from './FieldList'
import { Hex } from './Hex'

/** How far a step got: finished, broke, under way, not started yet, or will not happen. */
export type StepState = 'done' | 'failed' | 'pending' | 'waiting' | 'skipped'

export interface TimelineStep {
  key: string
  label: string
  state: StepState
  /** The step the intent is at now (under way, or the one that broke). */
  current: boolean
  /** Why the step is in its state when that is not obvious ("Not needed", "Not reached"). */
  note?: string
  chainId?: number
  txHash?: string
  /** Base units, exact decimal string. */
  amount?: string
  tokenAddress?: string
  /** Token metadata carried by the answer itself; otherwise learnt metadata is used. */
  symbol?: string
  decimals?: number
  /** The service's mined timestamp, verbatim, and as epoch ms when it parses. */
  minedAtText?: string
  minedAt?: number
  statusReason?: string
  /**
   * The leg's own transaction status, kind and note as the service sent them (the
   * deployed service does; the spec has none). Shown verbatim; a status this app does
   * not know is marked so.
   */
  txStatus?: string
  txType?: string
  txContext?: string
  /** Time since the previous step that has a mined time. */
  elapsedMs?: number
}

const STATE_LABEL: Record<StepState, string> = {
  done: 'Done',
  failed: 'Failed',
  pending: 'In progress',
  waiting: 'Waiting',
  skipped: 'Skipped',
}

/** The rows a leg has only sometimes (the deployed service's kind and note, a reason). */
const optional = (fields: readonly Field[]) => fields.filter(([, v]) => !isBlank(v))

/** The leg's own status, as sent; one this app does not know says so. */
function LegStatus({ status }: { status: string }) {
  const known = isKnownTransactionStatus(status)
  return (
    <span
      className="badge tone-neutral timeline-tx-status"
      data-tx-status={known ? status : 'unknown'}
      title={known ? `${status}: ${LEG_STATUS[status].meaning}` : `A transaction status this app does not know yet: ${status}`}
    >
      Leg: {known ? status : `UNKNOWN · ${status}`}
    </span>
  )
}

/**
 * The legs of an execution as an ordered list: each step's chain, transaction, amount and
 * mined time, the time it took since the step before, and which step the intent is at.
 */
export function Timeline({ steps, label = 'Receipt timeline' }: { steps: readonly TimelineStep[]; label?: string }) {
  const chains = useChainsById()
  return (
    <ol className="timeline" aria-label={label}>
      {steps.map((step) => (
        <li
          key={step.key}
          className={`timeline-step timeline-${step.state}${step.current ? ' timeline-current' : ''}`}
          aria-current={step.current ? 'step' : undefined}
          data-step={step.key}
          data-state={step.state}
        >
          <div className="timeline-head">
            <span className="timeline-dot" aria-hidden="true" />
            <strong>{step.label}</strong>
            <span className="timeline-state">{STATE_LABEL[step.state]}</span>
            {step.txStatus ? <LegStatus status={step.txStatus} /> : null}
            {step.note ? <span className="muted small">{step.note}</span> : null}
            {step.elapsedMs !== undefined ? (
              <span className="muted small" title="Time since the previous mined step">
                +{formatDuration(step.elapsedMs)}
              </span>
            ) : null}
          </div>
          {step.state === 'waiting' || step.state === 'skipped' ? null : (
            <FieldList
              className="timeline-body"
              fields={[
                ['Chain', chainName(chains, step.chainId)],
                ['Transaction', <Hex key="t" value={step.txHash} kind="tx" chainId={step.chainId} />],
                ['Amount', <TokenAmount key="a" raw={step.amount} chainId={step.chainId} token={step.tokenAddress} stated={step} />],
                [
                  'Mined',
                  <span key="m" title={step.minedAtText}>
                    {step.minedAtText ? formatDateTime(step.minedAtText) : step.state === 'failed' ? 'Not mined' : 'Not mined yet'}
                  </span>,
                ],
                ...optional([
                  ['Kind', step.txType && <span className="mono">{step.txType}</span>],
                  ['Context', step.txContext],
                  ['Reason', step.statusReason && <span className="timeline-reason">{step.statusReason}</span>],
                ]),
              ]}
            />
          )}
        </li>
      ))}
    </ol>
  )
}
