import type { WatchedQuery } from '@contract/queryWatch'
import type { ChainInfo } from '@contract/service'
import { chainName } from '../../lib/chains'
import { shortHex } from '../../lib/format'

/**
 * Pure: a watched query in words, for its default name and its card: "owner 0x12ab…cdef ·
 * FAILED, REFUNDED · project 42". Chain names come from the caller's reference data.
 */
export function describeQuery(q: WatchedQuery, chains: ReadonlyMap<number, ChainInfo> = new Map()): string {
  const parts: string[] = []
  if (q.byOwnerAddress) parts.push(`owner ${shortHex(q.byOwnerAddress)}`)
  const statuses = q.byStatuses ?? (q.byStatus ? [q.byStatus] : [])
  if (statuses.length) parts.push(statuses.join(', '))
  if (q.byProjectId !== undefined) parts.push(`project ${q.byProjectId}`)
  if (q.originChainId !== undefined || q.destinationChainId !== undefined) {
    parts.push(`${q.originChainId === undefined ? 'any' : chainName(chains, q.originChainId)} → ${q.destinationChainId === undefined ? 'any' : chainName(chains, q.destinationChainId)}`)
  }
  if (q.originTokenAddress) parts.push(`from token ${shortHex(q.originTokenAddress)}`)
  if (q.destinationTokenAddress) parts.push(`to token ${shortHex(q.destinationTokenAddress)}`)
  if (q.byParticipantAddresses?.length) parts.push(`participant ${q.byParticipantAddresses.map((a) => shortHex(a)).join(', ')}`)
  if (q.byEdgeAddress) parts.push(`edge ${shortHex(q.byEdgeAddress)}`)
  if (q.byEdgeRail) parts.push(`rail ${q.byEdgeRail}`)
  if (q.byEdgeMode) parts.push(`edge mode ${q.byEdgeMode}`)
  if (q.bySwapProvider) parts.push(`swap ${q.bySwapProvider}`)
  if (q.byBridgeProvider) parts.push(`bridge ${q.byBridgeProvider}`)
  if (q.byIntentProtocol) parts.push(`protocol ${q.byIntentProtocol}`)
  if (q.onlyRecoverable) parts.push('recoverable only')
  if (q.fromTime !== undefined || q.toTime !== undefined) parts.push(`created ${timeRange(q.fromTime, q.toTime)}`)
  return parts.length ? parts.join(' · ') : 'All intents'
}

const isoMinute = (s: number) => new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ')

function timeRange(from: number | undefined, to: number | undefined): string {
  if (from !== undefined && to !== undefined) return `${isoMinute(from)} – ${isoMinute(to)} UTC`
  return from !== undefined ? `from ${isoMinute(from)} UTC` : `until ${isoMinute(to!)} UTC`
}

/** "30 s", "1 min", "1 h". */
export function intervalText(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`
  if (ms < 3_600_000) return `${Math.round(ms / 60_000)} min`
  return `${Math.round(ms / 3_600_000)} h`
}
