import { isKnownStatus, type ChainInfo, type Intent, type IntentReceipt, type ReportedStatus } from '@contract/service'
import { STATUS_MEANING } from '../../components/StatusBadge'
import { chainName, explorerUrl } from '../../lib/chains'
import { failureReason, receiptSteps } from './receiptSteps'
import { tokenAmountText, type TokenLookup } from './tokenLookup'
import { caseLines, type CaseRecord } from '../../stores/attentionCases'
import type { Note } from '../../db'

interface CaseInput {
  intentId: string
  intent?: Intent
  receipt?: IntentReceipt
  /** The freshest status known (a live watch may know better than the fetched intent). */
  status?: ReportedStatus
  notes: ReadonlyArray<Pick<Note, 'text' | 'createdAt'>>
  /** The intent's case (state and history of changes), from wherever it was set. */
  caseRecord?: CaseRecord
  chains: ReadonlyMap<number, ChainInfo>
  tokenOf: TokenLookup
  /** Where the data came from, e.g. "Production, fetched 2026-11-20T10:04:00.000Z". */
  provenance?: string
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * A plain-text account of an intent for a support ticket: everything needed to follow up
 * without opening the app, amounts exact (a ticket is no place for rounding), every
 * hash with its explorer link.
 */
export function caseSummary(c: CaseInput): string {
  const { intent, receipt, chains, tokenOf } = c
  const chain = (id: number | undefined) => (id === undefined ? 'unknown chain' : `${chainName(chains, id)} (chain ${id})`)
  const amount = (raw: string | undefined, chainId: number | undefined, token: string | undefined) => tokenAmountText(tokenOf, raw, chainId, token)
  const withLink = (hash: string, chainId: number | undefined) => [hash, explorerUrl(chains, chainId, 'tx', hash)].filter(Boolean).join(' ')

  const status = c.status ?? intent?.status ?? receipt?.status
  const originChain = intent?.originChainId ?? receipt?.originChainId
  const destinationChain = intent?.destinationChainId ?? receipt?.destinationChainId
  const originToken = intent?.originTokenAddress ?? receipt?.summary?.originTokenAddress
  const destinationToken = intent?.destinationTokenAddress ?? receipt?.summary?.destinationTokenAddress
  const sent = intent?.quoteRequest?.originTokenAmount ?? intent?.depositTransaction?.amount ?? intent?.quote?.fromAmount ?? receipt?.summary?.quotedOriginTokenAmount
  const quotedOut = intent?.quote?.toAmount ?? receipt?.summary?.quotedDestinationTokenAmount
  const received = receipt?.summary?.destinationTokenAmount
  const reason = failureReason(receipt)

  const lines: string[] = [`Intent ${c.intentId}`]
  lines.push(`Status: ${status ?? 'unknown'}${isKnownStatus(status) ? ` (${STATUS_MEANING[status]})` : status ? ' (not known to this app)' : ''}`)
  if (reason) lines.push(`Failure reason: ${reason}`)
  lines.push(`Route: ${chain(originChain)} -> ${chain(destinationChain)}`)
  const add = (label: string, value: string | undefined) => value && lines.push(`${label}: ${value}`)
  add('Sent', amount(sent, originChain, originToken))
  add('Quoted to receive', amount(quotedOut, destinationChain, destinationToken))
  add('Minimum to receive', amount(intent?.quote?.toAmountMin, destinationChain, destinationToken))
  if (received !== undefined && received !== '0') add('Received', amount(received, destinationChain, destinationToken))
  add('Total fees', amount(intent?.fees?.totalFeeAmount, originChain, intent?.fees?.feeTokenAddress ?? originToken))
  add('Owner', intent?.ownerAddress ?? receipt?.ownerAddress)
  add('Recipient', intent?.quoteRequest?.destinationToAddress ?? receipt?.summary?.destinationToAddress)
  add('Origin intent address', intent?.originIntentAddress ?? receipt?.summary?.originIntentAddress)
  add('Destination intent address', intent?.destinationIntentAddress ?? receipt?.summary?.destinationIntentAddress)
  add('Providers', (intent?.quote?.routeProviders ?? receipt?.summary?.routeProviders)?.map(String).join(', '))
  add('Protocol version', intent?.serviceVersion)
  add('Intent protocol', intent?.intentProtocol)
  add('Created', intent?.createdAt ?? receipt?.createdAt)
  add('Expires', intent?.expiresAt ?? receipt?.summary?.expiresAt)

  lines.push('', 'Transactions:')
  for (const step of receiptSteps(receipt, status)) {
    const sent = step.txStatus ? `, service says ${step.txStatus}` : ''
    const head = `  ${step.label}: ${step.state}${step.note ? ` (${step.note.toLowerCase()})` : ''}${sent}`
    // A step with nothing sent and nothing under way is its state alone.
    const brief = !step.txHash && step.state !== 'pending' && step.state !== 'failed'
    const details = brief ? [] : [`on ${chain(step.chainId)}`, amount(step.amount, step.chainId, step.tokenAddress), step.minedAtText && `mined ${step.minedAtText}`]
    lines.push([head, ...details].filter(Boolean).join(', '))
    if (step.txHash) lines.push(`    ${withLink(step.txHash, step.chainId)}`)
    if (step.statusReason && !brief) lines.push(`    reason: ${step.statusReason}`)
  }
  const edge = intent?.edge ?? receipt?.edge
  if (edge) {
    lines.push('', `Edge leg (${edge.rail ?? 'non-EVM rail'}):`)
    for (const leg of ['init', 'fill', 'refund'] as const) {
      const hash = edge[`${leg}TransactionHash`]
      if (hash) lines.push(`  ${leg}: ${hash}`)
    }
    if (edge.edgeUserAddress) lines.push(`  user: ${edge.edgeUserAddress}`)
  }

  lines.push('', ...caseLines(c.caseRecord, iso))
  if (c.notes.length) {
    lines.push('', 'Notes:')
    for (const n of c.notes) lines.push(`  [${iso(n.createdAt)}] ${n.text.replace(/\n/g, '\n    ')}`)
  }
  if (c.provenance) lines.push('', c.provenance)
  return lines.join('\n')
}
