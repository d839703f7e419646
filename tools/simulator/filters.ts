/**
 * Intent filters shared by SearchIntents and GetIntentHistory. All given filters must
 * hold (AND). Address, hash and id comparisons ignore case.
 *
 * `query` (byQueryString) is a case-insensitive substring match over the intent id, the
 * owner, the origin and destination intent addresses, the recipient, the edge account
 * and every transaction hash of the intent.
 */
import { EDGE_MODES, EDGE_RAIL, type EdgeMode } from './chains'
import { type Args, evmAddress } from './args'
import { mergeSorted, type Dataset } from './dataset'
import { invalidArgument } from './errors'
import { allTxHashes, isRecoverable, participantAddresses, type IntentProtocol, type IntentRecord, type IntentStatus } from './records'
import { isEvmAddress, isHash32 } from '../../src-shared/contract/formats'

export interface IntentFilter {
  intentId?: string
  projectId?: number
  txHash?: string
  depositTxHash?: string
  owner?: string
  originIntentAddress?: string
  destinationIntentAddress?: string
  edgeAddress?: string
  edgeRail?: string
  edgeMode?: EdgeMode
  query?: string
  protocol?: IntentProtocol
  swapProvider?: string
  bridgeProvider?: string
  /** Matches intents involving any of these addresses in any role. */
  participants?: string[]
  originChainId?: number
  originTokenAddress?: string
  destinationChainId?: number
  destinationTokenAddress?: string
  /** Inclusive createdAt bounds, epoch ms. */
  fromMs?: number
  toMs?: number
  statuses?: ReadonlySet<IntentStatus>
  onlyRecoverable?: boolean
}

/** Filters both operations accept under the same names. */
export function parseSharedFilters(a: Args): IntentFilter {
  const edgeRail = a.text('byEdgeRail')
  if (edgeRail !== undefined && edgeRail !== EDGE_RAIL) throw invalidArgument(`byEdgeRail must be ${EDGE_RAIL}`, 'byEdgeRail')
  return {
    projectId: a.int('byProjectId'),
    owner: evmAddress(a, 'byOwnerAddress'),
    edgeAddress: a.text('byEdgeAddress')?.toLowerCase(),
    edgeRail,
    edgeMode: a.oneOf('byEdgeMode', EDGE_MODES),
  }
}

function matchesQuery(r: IntentRecord, q: string): boolean {
  if (r.intentId.includes(q)) return true
  for (const a of participantAddresses(r)) if (a.includes(q)) return true
  for (const h of allTxHashes(r)) if (h.toLowerCase().includes(q)) return true
  return false
}

export function matches(r: IntentRecord, f: IntentFilter): boolean {
  if (f.intentId !== undefined && r.intentId !== f.intentId) return false
  if (f.projectId !== undefined && r.projectId !== f.projectId) return false
  if (f.owner !== undefined && r.owner !== f.owner) return false
  if (f.statuses && !f.statuses.has(r.status)) return false
  if (f.fromMs !== undefined && r.createdAt < f.fromMs) return false
  if (f.toMs !== undefined && r.createdAt > f.toMs) return false
  if (f.originChainId !== undefined && r.originChainId !== f.originChainId) return false
  if (f.destinationChainId !== undefined && r.destinationChainId !== f.destinationChainId) return false
  if (f.originTokenAddress !== undefined && r.originToken.address !== f.originTokenAddress) return false
  if (f.destinationTokenAddress !== undefined && r.destinationToken.address !== f.destinationTokenAddress) return false
  if (f.protocol !== undefined && r.protocol !== f.protocol) return false
  if (f.swapProvider !== undefined && r.swapProvider !== f.swapProvider) return false
  if (f.bridgeProvider !== undefined && r.bridgeProvider !== f.bridgeProvider) return false
  if (f.originIntentAddress !== undefined && r.originIntentAddress !== f.originIntentAddress) return false
  if (f.destinationIntentAddress !== undefined && r.destinationIntentAddress !== f.destinationIntentAddress) return false
  if ((f.edgeRail !== undefined || f.edgeMode !== undefined || f.edgeAddress !== undefined) && !r.edge) return false
  if (f.edgeMode !== undefined && r.edge!.mode !== f.edgeMode) return false
  if (f.edgeAddress !== undefined && r.edge!.address.toLowerCase() !== f.edgeAddress) return false
  if (f.depositTxHash !== undefined && r.txHashes.deposit !== f.depositTxHash) return false
  if (f.txHash !== undefined && !allTxHashes(r).some((h) => h.toLowerCase() === f.txHash)) return false
  if (f.participants && !participantAddresses(r).some((a) => f.participants!.includes(a))) return false
  if (f.onlyRecoverable && !isRecoverable(r)) return false
  if (f.query !== undefined && !matchesQuery(r, f.query)) return false
  return true
}

// Whole values as the dataset keys them: lower case.
const isLower = (q: string) => q === q.toLowerCase()

/** Index hits for a query that is a whole id, hash or address: a superset of its matches. */
function queryCandidates(ds: Dataset, q: string): readonly number[] | null {
  if (isHash32(q) && isLower(q)) {
    const hits = [ds.get(q), ds.byTransactionHash(q)].filter((r) => r !== undefined).map((r) => r.idx)
    return mergeSorted([hits])
  }
  if (isEvmAddress(q) && isLower(q)) return ds.involving(q)
  return null
}

/**
 * The shortest index list guaranteed to contain every match, ascending; null when no
 * indexed filter applies and every intent must be scanned.
 */
export function candidates(ds: Dataset, f: IntentFilter): readonly number[] | null {
  const lists: (readonly number[])[] = []
  const one = (r: IntentRecord | undefined) => lists.push(r ? [r.idx] : [])
  if (f.intentId !== undefined) one(ds.get(f.intentId))
  if (f.txHash !== undefined) one(ds.byTransactionHash(f.txHash))
  if (f.depositTxHash !== undefined) one(ds.byTransactionHash(f.depositTxHash))
  if (f.owner !== undefined) lists.push(ds.ownedBy(f.owner))
  for (const a of [f.originIntentAddress, f.destinationIntentAddress, f.edgeAddress]) if (a !== undefined) lists.push(ds.involving(a))
  if (f.participants) lists.push(mergeSorted(f.participants.map((a) => ds.involving(a))))
  if (f.projectId !== undefined) lists.push(ds.inProject(f.projectId))
  if (f.query !== undefined) {
    const hits = queryCandidates(ds, f.query)
    if (hits) lists.push(hits)
  }
  if (lists.length === 0) return null
  return lists.reduce((a, b) => (b.length < a.length ? b : a))
}

/** First position in the ascending list whose value is >= target. */
export function lowerBound(list: ArrayLike<number>, target: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list[mid] < target) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** First intent position created at or after `ms`. */
export function firstCreatedAtOrAfter(ds: Dataset, ms: number): number {
  let lo = 0
  let hi = ds.size
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ds.records[mid].createdAt < ms) lo = mid + 1
    else hi = mid
  }
  return lo
}
