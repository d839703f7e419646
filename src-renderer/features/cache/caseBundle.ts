import type { ChainInfo, Intent, IntentHistoryEntry, IntentReceipt, IntentStatus, IntentTransaction } from '@contract/service'
import { caseLines, caseOf, type CaseRecord } from '../../stores/attentionCases'
import { amountText as oneAmountText, formatDateTime, parseTime } from '../../lib/format'
import { chainName, explorerUrl } from '../../lib/chains'
import type { CachedIntentRow } from '../../db/records'
import { readCaseRecords } from '../../data/cacheAdmin'

/**
 * A "case bundle": everything the cache knows about one intent, in one file a support
 * person can attach to a ticket. JSON for tools, plus `readable`, the same facts as text.
 */

export const CASE_BUNDLE_FORMAT = 'intent-explorer-case'

export interface ExplorerLink {
  label: string
  kind: 'tx' | 'address'
  value: string
  chainId?: number
  /** Absent when the cache knows no block explorer for the chain. */
  url?: string
}

export interface TimelineEvent {
  /** epoch ms */
  at: number
  label: string
}

export interface CaseBundle {
  format: typeof CASE_BUNDLE_FORMAT
  version: 1
  exportedAt: number
  profileId: string
  /** The service the data came from, as last recorded. */
  baseUrl?: string
  intentId: string
  summary?: CachedIntentRow
  intent?: { intent: Intent; fetchedAt: number }
  receipt?: { receipt: IntentReceipt; fetchedAt: number }
  historyEntry?: { entry: IntentHistoryEntry; fetchedAt: number }
  transitions: Array<{ status: IntentStatus; seenAt: number }>
  timeline: TimelineEvent[]
  notes: Array<{ text: string; createdAt: number }>
  /** The intent's case: state and history of changes (the same record Needs attention and the intent page show). */
  case?: CaseRecord
  bookmarked: boolean
  explorerLinks: ExplorerLink[]
  readable: string
}

const LEGS = [
  ['Deposit', 'depositTransaction'],
  ['Origin', 'originTransaction'],
  ['Destination', 'destinationTransaction'],
  ['Refund', 'refundTransaction'],
] as const satisfies ReadonlyArray<readonly [string, keyof IntentReceipt]>

const legsOf = (receipt: IntentReceipt | undefined) =>
  LEGS.flatMap(([label, field]) => {
    const tx = receipt?.[field] as IntentTransaction | undefined
    return tx ? [{ label, tx }] : []
  })

function explorerLinks(
  chains: ReadonlyMap<number, ChainInfo>,
  row: CachedIntentRow | undefined,
  receipt: IntentReceipt | undefined,
  intent: Intent | undefined,
): ExplorerLink[] {
  const link = (label: string, kind: ExplorerLink['kind'], value: string | undefined, chainId: number | undefined): ExplorerLink[] =>
    value ? [{ label, kind, value, chainId, url: explorerUrl(chains, chainId, kind, value) }] : []
  const s = receipt?.summary
  const edge = receipt?.edge ?? s?.edge ?? intent?.edge
  return [
    ...legsOf(receipt).flatMap(({ label, tx }) => link(`${label} transaction`, 'tx', tx.txnHash, tx.chainId)),
    ...link('Owner', 'address', row?.owner, row?.originChainId),
    ...link('Origin intent address', 'address', s?.originIntentAddress ?? intent?.originIntentAddress, row?.originChainId),
    ...link('Destination intent address', 'address', s?.destinationIntentAddress ?? intent?.destinationIntentAddress, row?.destinationChainId),
    ...link('Recipient', 'address', s?.destinationToAddress ?? intent?.quoteRequest?.destinationToAddress, row?.destinationChainId),
    // Edge legs run on a non-EVM rail the chain list does not describe: hashes without links.
    ...(['init', 'fill', 'refund'] as const).flatMap((leg) => link(`Edge ${leg} (${edge?.rail ?? 'rail'})`, 'tx', edge?.[`${leg}TransactionHash`], undefined)),
  ]
}

function timeline(
  chains: ReadonlyMap<number, ChainInfo>,
  intent: Intent | undefined,
  receipt: IntentReceipt | undefined,
  transitions: CaseBundle['transitions'],
): TimelineEvent[] {
  const events: TimelineEvent[] = []
  const add = (value: string | number | undefined, label: string) => {
    const at = typeof value === 'number' ? value : parseTime(value)
    if (at !== undefined) events.push({ at, label })
  }
  add(intent?.createdAt ?? receipt?.summary?.createdAt, 'Intent created')
  add(receipt?.summary?.startedAt, 'Execution started')
  for (const { label, tx } of legsOf(receipt)) {
    add(tx.createdAt, `${label} transaction created on ${chainName(chains, tx.chainId)}`)
    add(tx.txnMinedAt, `${label} transaction mined on ${chainName(chains, tx.chainId)}`)
  }
  add(receipt?.summary?.finishedAt, 'Execution finished')
  for (const t of transitions) add(t.seenAt, `Status ${t.status} seen by this app`)
  return events.sort((a, b) => a.at - b.at)
}

const amountText = (raw: string | undefined, decimals: number | undefined, symbol: string | undefined): string =>
  raw === undefined ? '?' : oneAmountText({ raw, decimals, symbol })

function readableText(b: Omit<CaseBundle, 'readable'>, chains: ReadonlyMap<number, ChainInfo>): string {
  const row = b.summary
  const receipt = b.receipt?.receipt
  const reason = receipt?.originTransaction?.statusReason ?? receipt?.destinationTransaction?.statusReason
  const lines = [
    `Intent ${b.intentId}`,
    `Profile: ${b.profileId}${b.baseUrl ? ` (${b.baseUrl})` : ''}`,
    `Status: ${row?.status ?? 'unknown'}${reason ? ` (reason: ${reason})` : ''}`,
    `Created: ${formatDateTime(row?.createdAt || undefined)}`,
    `Owner: ${row?.owner ?? '—'}`,
    `From: ${chainName(chains, row?.originChainId)} — ${amountText(row?.originTokenAmount, row?.originTokenDecimals, row?.originTokenSymbol)}`,
    `To: ${chainName(chains, row?.destinationChainId)} — ${amountText(row?.destinationTokenAmount, row?.destinationTokenDecimals, row?.destinationTokenSymbol)}`,
    `Route providers: ${row?.routeProviders.length ? row.routeProviders.join(', ') : '—'}`,
    '',
    'Links:',
    ...(b.explorerLinks.length ? b.explorerLinks.map((l) => `  ${l.label}: ${l.value}${l.url ? `  ${l.url}` : ''}`) : ['  none cached']),
    '',
    'Timeline:',
    ...(b.timeline.length ? b.timeline.map((e) => `  ${formatDateTime(e.at)}  ${e.label}`) : ['  nothing known']),
    '',
    ...caseLines(b.case, (ms) => formatDateTime(ms)),
    '',
    'Notes:',
    ...(b.notes.length ? b.notes.map((n) => `  ${formatDateTime(n.createdAt)}  ${n.text.replace(/\n/g, '\n    ')}`) : ['  none']),
    '',
    'Cached data:',
    `  intent: ${b.intent ? `fetched ${formatDateTime(b.intent.fetchedAt)}` : 'not cached'}`,
    `  receipt: ${b.receipt ? `fetched ${formatDateTime(b.receipt.fetchedAt)}` : 'not cached'}`,
    `  history entry: ${b.historyEntry ? `fetched ${formatDateTime(b.historyEntry.fetchedAt)}` : 'not cached'}`,
    `Exported ${formatDateTime(b.exportedAt)}${b.bookmarked ? ' · bookmarked' : ''}`,
  ]
  return lines.join('\n')
}

/** The bundle of one cached intent; undefined when the cache knows nothing about it. */
export async function buildCaseBundle(profileId: string, intentId: string, now = Date.now()): Promise<CaseBundle | undefined> {
  const { chains: chainList, notes, ...cached } = await readCaseRecords(profileId, intentId)
  const { summary, intent, receipt, historyEntry, transitions } = cached
  const caseRecord = caseOf(profileId, intentId)
  if (!summary && !intent && !receipt && !historyEntry && !notes.length && !caseRecord) return undefined
  const chains = new Map(chainList.map((c) => [c.id, c]))
  const bundle: Omit<CaseBundle, 'readable'> = {
    format: CASE_BUNDLE_FORMAT,
    version: 1,
    exportedAt: now,
    profileId,
    intentId,
    ...cached,
    timeline: timeline(chains, intent?.intent, receipt?.receipt, transitions),
    notes: notes.map(({ text, createdAt }) => ({ text, createdAt })),
    ...(caseRecord && { case: caseRecord }),
    explorerLinks: explorerLinks(chains, summary, receipt?.receipt, intent?.intent),
  }
  return { ...bundle, readable: readableText(bundle, chains) }
}

/** The bundle as files: `case-<id>.json` (with the text inside) and `case-<id>.txt`. */
export function caseBundleFiles(bundle: CaseBundle): { json: { blob: Blob; fileName: string }; text: { blob: Blob; fileName: string } } {
  const base = `case-${bundle.intentId.replace(/[^\w.-]+/g, '_').slice(0, 80)}`
  return {
    json: { blob: new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/json' }), fileName: `${base}.json` },
    text: { blob: new Blob([bundle.readable], { type: 'text/plain' }), fileName: `${base}.txt` },
  }
}
