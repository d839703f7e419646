import type { DataSource } from '@contract/app'
import type { Edge, Intent, IntentHistoryEntry, IntentReceipt, IntentStatus, IntentTransaction, YieldBalanceQuery } from '@contract/service'
import { isFinalStatus, knownStatus } from '@contract/service/constants'
import { parseTime } from '@contract/time'
import type { StoreName } from './schema'
import { HEX_NUMBER } from '@contract/formats'
import { historyEntryIntentId, providerCodes } from '@contract/historyEntry'
import { intentAmounts } from '@contract/amount'

export { snapshotTotalUsd, wireNumber } from '@contract/amount'

/**
 * Pure mapping from service objects to what the cache indexes (summary rows, lookup keys,
 * balance snapshot values), shared by the write path, the import and the migrations.
 */

export type IntentSource = 'intent' | 'history' | 'receipt'

/** One line of an intent table, known from whatever the cache holds about the intent. */
export interface CachedIntentRow {
  intentId: string
  status?: IntentStatus
  /** epoch ms; 0 when no source said when the intent was created */
  createdAt: number
  expiresAt?: number
  owner?: string
  originChainId?: number
  destinationChainId?: number
  originTokenAddress?: string
  originTokenSymbol?: string
  originTokenDecimals?: number
  /** base units, decimal string */
  originTokenAmount?: string
  destinationTokenAddress?: string
  destinationTokenSymbol?: string
  destinationTokenDecimals?: number
  destinationTokenAmount?: string
  routeProviders: string[]
  projectId?: number
  startedAt?: number
  finishedAt?: number
  /** epoch ms of the newest fetch that contributed to this row */
  fetchedAt: number
  /** When each kind of full object was last cached for the intent (epoch ms). */
  sources: Partial<Record<IntentSource, number>>
}

type RowFields = Partial<Omit<CachedIntentRow, 'intentId' | 'fetchedAt' | 'sources'>>

/** What one service object tells about an intent. */
export interface SummaryPart {
  intentId: string
  fields: RowFields
  /** `${kind}:${lower-cased value}`; the profile prefix is added when stored. */
  keys: string[]
}

/** The stored row: the summary plus provenance and never-undefined index fields. */
export interface IntentRowRecord extends CachedIntentRow {
  profileId: string
  baseUrl: string
  /** '' when unknown: undefined would drop the row from the index */
  ownerKey: string
  statusKey: IntentStatus | ''
  originKey: number
  projectKey: number
  /** `${profileId}|${word}`: token symbols and addresses, providers, status (see `intentsQuery.ts`). */
  tags: string[]
  /** The status of the newest recorded transition, so a change never records twice. */
  lastTransitionStatus?: IntentStatus
  /** Kinds whose newest copy came from an imported file; a live answer of any kind outranks them. */
  importedKinds?: IntentSource[]
  /** Of each kind's stored object, its fingerprint (`fingerprint.ts`): an unchanged one is not written again. */
  fingerprints?: Partial<Record<IntentSource, string>>
}

/**
 * The few fields route statistics read, kept in step with the summary row: IndexedDB's
 * cost is the records' size, so 100,000 of these read in a fifth of the rows' time.
 */
export interface RouteFactRecord
  extends Pick<CachedIntentRow, 'intentId' | 'createdAt' | 'status' | 'originChainId' | 'destinationChainId' | 'routeProviders' | 'startedAt' | 'finishedAt'> {
  profileId: string
  /** epoch ms the row was last fetched from the service (absent in facts derived by an older release) */
  fetchedAt?: number
}

/** The route-statistics record of an intent's summary row. */
export function routeFactOf(row: IntentRowRecord): RouteFactRecord {
  const { profileId, intentId, createdAt, routeProviders, fetchedAt, status, originChainId, destinationChainId, startedAt, finishedAt } = row
  return { profileId, intentId, createdAt, routeProviders, fetchedAt, ...definedOnly({ status, originChainId, destinationChainId, startedAt, finishedAt }) }
}

export interface FetchMeta extends Pick<DataSource, 'profileId' | 'baseUrl' | 'fetchedAt'> {
  /** From an imported file: a live answer always replaces it, whatever the times say. */
  imported?: true
}

/** Lookup key kinds (intent id, transaction hash, address, word): a hash filter never matches an address. */
export type KeyKind = 'i' | 't' | 'a' | 'w'
export const KEY_KINDS: readonly KeyKind[] = ['i', 't', 'a', 'w']

export const lookupKey = (profileId: string, kind: KeyKind, value: string): string =>
  `${profileId}|${kind}:${value.trim().toLowerCase()}`

/** The keys stored with an object: profile-prefixed, without duplicates. */
export const storedKeys = (profileId: string, keys: readonly string[]): string[] => [
  ...new Set(keys.map((k) => `${profileId}|${k}`)),
]

export const tagKey = (profileId: string, word: string): string => `${profileId}|${word.trim().toLowerCase()}`

const keysOf = (kind: KeyKind, values: ReadonlyArray<string | undefined>): string[] =>
  values.flatMap((v) => (v && v.trim() ? [`${kind}:${v.trim().toLowerCase()}`] : []))

/** Words of free text (memo) as the search matches them: lower case, split on punctuation. */
const textWords = (text: string | undefined): string[] =>
  text ? text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length > 1) : []

/** Search terms of a free-text query; whole terms, so a pasted hash or id stays intact. */
export const queryTerms = (text: string): string[] => [
  ...new Set(
    text
      .toLowerCase()
      .split(/[\s,;]+/)
      .filter(Boolean),
  ),
]

/** A row keeps no empty provider list. */
const codesOf = (list: unknown): string[] | undefined => {
  const codes = providerCodes(list)
  return codes.length ? codes : undefined
}

const edgeHashes = (edge: Edge | undefined) => [edge?.initTransactionHash, edge?.fillTransactionHash, edge?.refundTransactionHash]
const edgeWords = (edge: Edge | undefined) => [edge?.rail, edge?.edgeId, edge?.relayRequestId]

/** An object's summary: its row fields and its lookup keys (its id, then hashes, addresses and words). */
const part = (intentId: string, fields: RowFields, keys: Record<Exclude<KeyKind, 'i'>, ReadonlyArray<string | undefined>>): SummaryPart => ({
  intentId,
  fields,
  keys: [...keysOf('i', [intentId]), ...keysOf('t', keys.t), ...keysOf('a', keys.a), ...keysOf('w', keys.w)],
})

export function summaryFromIntent(intent: Intent): SummaryPart | undefined {
  const intentId = intent.intentId
  if (!intentId) return undefined
  const q = intent.quoteRequest
  const amounts = intentAmounts(intent)
  const fields: RowFields = {
    status: knownStatus(intent.status),
    createdAt: parseTime(intent.createdAt),
    expiresAt: parseTime(intent.expiresAt),
    owner: intent.ownerAddress ?? q?.ownerAddress,
    originChainId: intent.originChainId ?? q?.originChainId,
    destinationChainId: intent.destinationChainId ?? q?.destinationChainId,
    originTokenAddress: intent.originTokenAddress ?? q?.originTokenAddress,
    originTokenDecimals: intent.depositTransaction?.decimals,
    originTokenAmount: amounts.origin,
    destinationTokenAddress: intent.destinationTokenAddress ?? q?.destinationTokenAddress,
    destinationTokenAmount: amounts.destination,
    routeProviders: codesOf(intent.quote?.routeProviders),
    projectId: intent.projectId,
  }
  return part(intentId, fields, {
    t: edgeHashes(intent.edge),
    a: [
      intent.ownerAddress,
      q?.ownerAddress,
      intent.originIntentAddress,
      intent.destinationIntentAddress,
      q?.destinationToAddress,
      intent.depositTransaction?.toAddress,
      intent.edge?.edgeUserAddress,
    ],
    w: edgeWords(intent.edge),
  })
}

/** What moved, once something did; until then (a zero amount) what was quoted. */
const movedOrQuoted = (moved: string | undefined, quoted: string | undefined): string | undefined =>
  moved !== undefined && moved !== '0' ? moved : (quoted ?? moved)

const legsOf = (r: IntentReceipt): IntentTransaction[] =>
  [r.depositTransaction, r.originTransaction, r.destinationTransaction, r.refundTransaction].filter(
    (t): t is IntentTransaction => t !== undefined,
  )

export function summaryFromReceipt(receipt: IntentReceipt, intentIdHint?: string): SummaryPart | undefined {
  const s = receipt.summary
  const intentId = receipt.intentId ?? s?.intentId ?? intentIdHint
  if (!intentId) return undefined
  const legs = legsOf(receipt)
  const fields: RowFields = {
    status: knownStatus(receipt.status),
    createdAt: parseTime(s?.createdAt ?? receipt.createdAt),
    expiresAt: parseTime(s?.expiresAt),
    owner: receipt.ownerAddress ?? s?.ownerAddress,
    originChainId: receipt.originChainId ?? s?.originChainId,
    destinationChainId: receipt.destinationChainId ?? s?.destinationChainId,
    originTokenAddress: s?.originTokenAddress ?? s?.originTokenMetadata?.tokenAddress,
    originTokenSymbol: s?.originTokenMetadata?.symbol,
    originTokenDecimals: s?.originTokenMetadata?.decimals,
    originTokenAmount: movedOrQuoted(s?.originTokenAmount, s?.quotedOriginTokenAmount),
    destinationTokenAddress: s?.destinationTokenAddress ?? s?.destinationTokenMetadata?.tokenAddress,
    destinationTokenSymbol: s?.destinationTokenMetadata?.symbol,
    destinationTokenDecimals: s?.destinationTokenMetadata?.decimals,
    destinationTokenAmount: movedOrQuoted(s?.destinationTokenAmount, s?.quotedDestinationTokenAmount),
    routeProviders: codesOf(s?.routeProviders),
    projectId: receipt.projectId,
    startedAt: parseTime(s?.startedAt),
    finishedAt: parseTime(s?.finishedAt),
  }
  const edges = [receipt.edge, s?.edge]
  return part(intentId, fields, {
    t: [...legs.map((l) => l.txnHash), ...edges.flatMap(edgeHashes)],
    a: [
      receipt.ownerAddress,
      s?.ownerAddress,
      s?.originIntentAddress,
      s?.destinationIntentAddress,
      s?.destinationToAddress,
      ...legs.flatMap((l) => [l.fromAddress, l.toAddress]),
      ...edges.map((e) => e?.edgeUserAddress),
    ],
    w: [...edges.flatMap(edgeWords), ...textWords(s?.memo)],
  })
}

export function summaryFromHistoryEntry(entry: IntentHistoryEntry): SummaryPart | undefined {
  const intentId = historyEntryIntentId(entry)
  if (!intentId) return undefined
  const fromReceipt = entry.receipt ? summaryFromReceipt(entry.receipt, intentId) : undefined
  const own: RowFields = {
    status: knownStatus(entry.status),
    createdAt: parseTime(entry.createdAt),
    expiresAt: parseTime(entry.expiresAt),
  }
  return {
    intentId,
    fields: { ...fromReceipt?.fields, ...definedOnly(own) },
    keys: [
      ...(fromReceipt?.keys ?? keysOf('i', [intentId])),
      ...keysOf('a', (entry.balances ?? []).map((b) => b.intentAddress)),
    ],
  }
}

/** The table row a history entry alone gives, for showing it before (or without) caching it. */
export function rowOfHistoryEntry(entry: IntentHistoryEntry, fetchedAt: number): CachedIntentRow | undefined {
  const part = summaryFromHistoryEntry(entry)
  return part && toCachedRow(mergeRow(undefined, part, 'history', { profileId: '', baseUrl: '', fetchedAt }))
}

/** The stores of full intent objects, and how each record's object is summarised. */
export interface IntentObjectStore {
  kind: IntentSource
  store: Extract<StoreName, 'intents' | 'historyEntries' | 'receipts'>
  /** The service object a record holds, and what it tells about its intent. */
  summarise(record: { intentId: string } & Record<string, unknown>): SummaryPart | undefined
}

export const INTENT_OBJECT_STORES: readonly IntentObjectStore[] = [
  { kind: 'intent', store: 'intents', summarise: (r) => summaryFromIntent(r.intent as never) },
  { kind: 'history', store: 'historyEntries', summarise: (r) => summaryFromHistoryEntry(r.entry as never) },
  { kind: 'receipt', store: 'receipts', summarise: (r) => summaryFromReceipt(r.receipt as never, r.intentId) },
]

/** Drops undefined fields and empty lists, so merging never erases what is known. */
export const definedOnly = <T extends object>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))) as Partial<T>

/** The public row, without provenance and index fields. */
export function toCachedRow(r: IntentRowRecord): CachedIntentRow {
  const { profileId, baseUrl, ownerKey, statusKey, originKey, projectKey, tags, lastTransitionStatus, importedKinds, fingerprints, ...row } = r
  return row
}

const rowFieldsOf = (r: IntentRowRecord): RowFields => {
  const { intentId, fetchedAt, sources, ...fields } = toCachedRow(r)
  return fields
}

/**
 * How recent the row is as a write of `meta` sees it. To a live answer, the copies that
 * came from an imported file do not count (-Infinity when only imports fed the row), so
 * a live answer always wins over an imported one; to an import, every copy counts.
 */
export function rowTime(row: IntentRowRecord, meta: Pick<FetchMeta, 'imported'>): number {
  const imported = row.importedKinds ?? []
  if (meta.imported || !imported.length) return row.fetchedAt
  const live = Object.entries(row.sources) as [IntentSource, number | undefined][]
  return Math.max(...live.flatMap(([kind, at]) => (at !== undefined && !imported.includes(kind) ? [at] : [])))
}

/** How recent the row's copy of one kind of object is, as a write of `meta` sees it (see `rowTime`). */
export function sourceTime(row: IntentRowRecord | undefined, kind: IntentSource, meta: Pick<FetchMeta, 'imported'>): number {
  if (!row) return -Infinity
  if (!meta.imported && row.importedKinds?.includes(kind)) return -Infinity
  return row.sources[kind] ?? -Infinity
}

/**
 * Folds what one fetch tells into the row. The newer fetch wins field by field; an older
 * one only fills gaps, so a slow list answer never undoes a fresh receipt. A live answer
 * is newer than anything imported (`rowTime`). `createdAt` never changes once known: the
 * row's place in every time-ordered index depends on it.
 */
export function mergeRow(
  existing: IntentRowRecord | undefined,
  part: SummaryPart,
  source: IntentSource,
  meta: FetchMeta,
): IntentRowRecord {
  const incoming = definedOnly(part.fields)
  const known = existing ? definedOnly(rowFieldsOf(existing)) : {}
  const fetchIsLatest = !existing || meta.fetchedAt >= rowTime(existing, meta)
  const fields: RowFields = fetchIsLatest ? { ...known, ...incoming } : { ...incoming, ...known }
  const createdAt = existing?.createdAt || part.fields.createdAt || 0
  // A live answer replacing an imported copy takes its own time, even an earlier one.
  const replacesImport = !meta.imported && existing?.importedKinds?.includes(source)
  const sources = { ...existing?.sources, [source]: replacesImport ? meta.fetchedAt : Math.max(existing?.sources[source] ?? 0, meta.fetchedAt) }
  const row: CachedIntentRow = {
    ...fields,
    intentId: part.intentId,
    createdAt,
    routeProviders: fields.routeProviders ?? [],
    fetchedAt: Math.max(...(Object.values(sources) as number[])),
    sources,
  }
  const out = withIndexFields(row, meta.profileId, fetchIsLatest ? meta.baseUrl : existing.baseUrl, existing?.lastTransitionStatus)
  // An import adds its kind to the imported ones, a live answer takes it out.
  const importedKinds = [...(existing?.importedKinds ?? []).filter((k) => k !== source), ...(meta.imported ? [source] : [])]
  return importedKinds.length ? { ...out, importedKinds } : out
}

export function withIndexFields(
  row: CachedIntentRow,
  profileId: string,
  baseUrl: string,
  lastTransitionStatus?: IntentStatus,
): IntentRowRecord {
  const words = [
    row.originTokenSymbol,
    row.destinationTokenSymbol,
    row.originTokenAddress,
    row.destinationTokenAddress,
    row.status,
    ...row.routeProviders,
  ]
  return {
    ...row,
    profileId,
    baseUrl,
    ownerKey: row.owner?.toLowerCase() ?? '',
    statusKey: row.status ?? '',
    originKey: row.originChainId ?? -1,
    // -1: no project id (the deployed service sends none); the offline project filter walks it too.
    projectKey: row.projectId ?? -1,
    tags: [...new Set(words.filter((w): w is string => Boolean(w?.trim())).map((w) => tagKey(profileId, w)))],
    ...(lastTransitionStatus && { lastTransitionStatus }),
  }
}

/**
 * The status transitions a fetch reveals: a status that differs from the last one seen.
 * An older fetch never records a move backwards. The first sighting of a settled status
 * is not recorded (a history of settled intents would otherwise cost a write per intent
 * for no movement); should it move later, it is recorded then, as seen at its last
 * sighting, just before the new status.
 */
export function statusTransitions(
  existing: IntentRowRecord | undefined,
  status: IntentStatus | undefined,
  fetchedAt: number,
  meta: Pick<FetchMeta, 'imported'> = {},
): Array<{ status: IntentStatus; seenAt: number }> {
  if (!status || existing?.status === status) return []
  if (!existing?.status) return isFinalStatus(status) ? [] : [{ status, seenAt: fetchedAt }]
  if (fetchedAt < rowTime(existing, meta)) return []
  const baseline = existing.lastTransitionStatus === existing.status ? [] : [{ status: existing.status, seenAt: existing.fetchedAt }]
  return [...baseline, { status, seenAt: fetchedAt }]
}

// ---- balance snapshots ----------------------------------------------------------

/** EVM addresses are case-insensitive; base58 and other encodings are not. */
const normaliseWallet = (address: string): string => (HEX_NUMBER.test(address.trim()) ? address.trim().toLowerCase() : address.trim())

/**
 * Identifies the set of wallets a positions fetch asked about, independent of query
 * order and address case: the sorted, de-duplicated list of `address@network[/yieldId]`.
 */
export function walletKey(queries: ReadonlyArray<Pick<YieldBalanceQuery, 'address' | 'network' | 'yieldId'>>): string {
  const parts = queries.map(
    (q) => `${normaliseWallet(q.address)}@${q.network.trim().toLowerCase()}${q.yieldId ? `/${q.yieldId}` : ''}`,
  )
  return [...new Set(parts)].sort().join(',')
}
