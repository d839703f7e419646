import { isKnownStatus, type IntentStatus, type ReportedStatus } from '@contract/service/constants'

/** What each status means to a support person; the spec names them, we explain them. */
export const STATUS_MEANING: Record<IntentStatus, string> = {
  QUOTED: 'Quoted: a price was offered but the user has not committed to it yet.',
  COMMITTED: 'Committed: the quote is reserved; it must be executed within 10 minutes of commit.',
  EXECUTING: 'Executing: the deposit was seen and the transfer is in progress.',
  SUCCEEDED: 'Succeeded: the funds arrived on the destination chain.',
  FAILED: 'Failed: execution stopped; the reason is on the origin transaction.',
  ABORTED: 'Aborted: the intent was stopped before it completed.',
  REFUNDED: 'Refunded: the funds were sent back to the user.',
  INVALID: 'Invalid: the service rejected the intent as malformed or unusable.',
}

/** What a status means, for any status an answer may carry. */
export function statusMeaning(status: ReportedStatus | undefined): string {
  if (!status) return 'The service did not report a status.'
  return isKnownStatus(status) ? STATUS_MEANING[status] : `“${status}” is a status this app does not know yet: the service is newer than the app.`
}

const TONE: Record<IntentStatus, string> = {
  QUOTED: 'neutral',
  COMMITTED: 'info',
  EXECUTING: 'info',
  SUCCEEDED: 'ok',
  FAILED: 'bad',
  ABORTED: 'warn',
  REFUNDED: 'warn',
  INVALID: 'bad',
}

export function StatusBadge({ status }: { status: ReportedStatus | undefined }) {
  // A status added by a newer service: shown as sent, marked as one this app does not know.
  const [tone, shown, title, data] = !status
    ? ['neutral', 'UNKNOWN', 'The service did not report a status']
    : isKnownStatus(status)
      ? [TONE[status], status, STATUS_MEANING[status], status]
      : ['neutral', `UNKNOWN · ${status}`, `A status this app does not know yet: ${status}`, 'unknown']
  return (
    <span className={`badge tone-${tone}`} title={title} data-status={data}>
      {shown}
    </span>
  )
}
