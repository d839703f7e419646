import { isSvcFailure, messageOf } from '../../src-shared/contract/errors'
import type { CheckOutcome, ConnectionCheck } from '../../src-shared/contract/app'
import { checkHistoryFilters, owner, seconds } from '../../src-shared/contract/filterCheck'
import type { GetIntentHistoryRequest, IntentHistoryEntry } from '../../src-shared/contract/service'
import type { SvcClient } from './client'

/**
 * The doctor's check of each GetIntentHistory filter: a first page read without filters
 * gives values to filter by, chosen so the filter must leave some of those rows out; the
 * filtered page is then checked with the same rule History uses (`checkHistoryFilters`).
 * A filter the rows contradict is reported as ignored — the app applies it itself then.
 */

type Sample = IntentHistoryEntry[]
type Probe = (rows: Sample) => Partial<GetIntentHistoryRequest> | undefined

/** A value of `read` one row has and another row lacks, so a service ignoring the filter shows it. */
function telling<T>(rows: Sample, read: (e: IntentHistoryEntry) => T | undefined): T | undefined {
  const values = rows.map(read).filter((v): v is T => v !== undefined)
  return values.find((v) => values.some((w) => w !== v))
}

/** The earliest and latest creation times of the rows, when they differ: a time filter must then leave some out. */
function timeSpan(rows: Sample): [number, number] | undefined {
  const times = rows.map((e) => seconds(e.createdAt)).filter((t): t is number => t !== undefined).sort((a, b) => a - b)
  return times.length > 1 && times[0] !== times.at(-1) ? [times[0], times.at(-1)!] : undefined
}

/** A list of the one value, when there is one (a probe with a value missing is not run). */
const oneOf = <T>(v: T | undefined): T[] | undefined => (v === undefined ? undefined : [v])

const PROBES: Record<string, Probe> = {
  byStatus: (rows) => ({ byStatus: telling(rows, (e) => e.status) as GetIntentHistoryRequest['byStatus'] }),
  byStatuses: (rows) => ({ byStatuses: oneOf(telling(rows, (e) => e.status)) as GetIntentHistoryRequest['byStatuses'] }),
  byOwnerAddress: (rows) => ({ byOwnerAddress: telling(rows, owner) }),
  byProjectId: (rows) => ({ byProjectId: telling(rows, (e) => e.receipt?.projectId) }),
  originChainId: (rows) => ({ originChainId: telling(rows, (e) => e.receipt?.originChainId) }),
  destinationChainId: (rows) => ({ destinationChainId: telling(rows, (e) => e.receipt?.destinationChainId) }),
  originTokenAddress: (rows) => ({ originTokenAddress: telling(rows, (e) => e.receipt?.summary?.originTokenAddress) }),
  destinationTokenAddress: (rows) => ({ destinationTokenAddress: telling(rows, (e) => e.receipt?.summary?.destinationTokenAddress) }),
  fromTime: (rows) => ({ fromTime: timeSpan(rows)?.[1] }),
  toTime: (rows) => ({ toTime: timeSpan(rows)?.[0] }),
  byParticipantAddresses: (rows) => ({ byParticipantAddresses: oneOf(telling(rows, owner)) }),
  byEdgeRail: (rows) => {
    const rail = rows.map((e) => e.receipt?.edge?.rail ?? e.receipt?.summary?.edge?.rail).find(Boolean)
    return rail && rows.some((e) => e.receipt?.summary && !(e.receipt.edge ?? e.receipt.summary.edge)) ? { byEdgeRail: rail } : undefined
  },
}

/** Filters a history row cannot show, so no page of rows can tell whether they were applied. */
const NOT_SHOWN_BY_ROWS: Record<string, string> = {
  byIntentProtocol: 'the intent protocol',
  bySwapProvider: 'which provider swapped',
  byBridgeProvider: 'which provider bridged',
  byEdgeMode: 'the edge direction',
  byEdgeAddress: 'the edge account in every answer',
  onlyRecoverable: 'balances unless asked for',
}

const definedOnly = (r: Partial<GetIntentHistoryRequest> | undefined) =>
  r && Object.values(r).every((v) => v !== undefined) ? (r as GetIntentHistoryRequest) : undefined

export type FilterCheck = Omit<ConnectionCheck, 'ok'> & { outcome: CheckOutcome }

export async function checkServiceFilters(client: SvcClient, call: { timeoutMs: number; signal?: AbortSignal }): Promise<FilterCheck[]> {
  const out: FilterCheck[] = []
  let sample: Sample
  try {
    sample = (await client.getIntentHistory({ page: { pageSize: 50 } }, call)).intents
  } catch (e) {
    return [{ operation: 'History filters', outcome: 'failed', detail: `no unfiltered page to check them with: ${messageOf(e)}`, ms: 0 }]
  }
  for (const [name, probe] of Object.entries(PROBES)) {
    const filter = definedOnly(probe(sample))
    const operation = `filter ${name}`
    if (!filter) {
      out.push({ operation, outcome: 'warning', detail: 'not checked: the first page has no value that would tell', ms: 0 })
      continue
    }
    const started = Date.now()
    try {
      const { intents } = await client.getIntentHistory({ ...filter, page: { pageSize: 50 } }, call)
      const { ignored } = checkHistoryFilters(filter, intents)
      out.push(
        ignored.length
          ? { operation, outcome: 'warning', detail: `the service ignored it (rows that do not match came back); the app applies it itself`, ms: Date.now() - started }
          : { operation, outcome: 'passed', detail: `applied (${intents.length} rows match)`, ms: Date.now() - started },
      )
    } catch (e) {
      const error = isSvcFailure(e) ? e.error : undefined
      out.push({ operation, outcome: error?.kind === 'RateLimited' ? 'rateLimited' : 'failed', detail: messageOf(e), ...(error && { error }), ms: Date.now() - started })
    }
  }
  for (const [name, what] of Object.entries(NOT_SHOWN_BY_ROWS)) {
    out.push({ operation: `filter ${name}`, outcome: 'warning', detail: `not checked: history rows do not show ${what}`, ms: 0 })
  }
  return out
}
