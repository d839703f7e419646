import type { Intent, IntentReceipt } from '@contract/service'
import { sentNothing } from '@contract/service/constants'
import { Route } from '../../../components/Route'
import { intentRoute, labelledLeg } from '../../../lib/intentRoute'
import { Card, chain, hex, KV, nativeAmount, plain, time, token, tokenAmount, useTokenLookup } from './parts'
import { yesNo } from '../../../lib/format'

/**
 * For fields a support person expects but the deployed service does not send (the
 * project, testnet): said, rather than the row silently missing.
 */
const notReported = <span className="muted">Not reported by this service</span>

/** Who sent what from where to whom: the first thing a support person needs. */
export function RouteCard({ intent, receipt }: { intent: Intent; receipt?: IntentReceipt }) {
  const tokenOf = useTokenLookup()
  const { from, to } = intentRoute(intent)
  const o = intent.originChainId
  const d = intent.destinationChainId
  const received = receipt?.summary?.destinationTokenAmount
  const dep = intent.depositTransaction
  // The headline route says what arrived once the receipt knows it, else what was quoted.
  const arrived = received && received !== '0' ? { ...to, amount: received, amountKind: 'received' as const } : to
  return (
    <Card id="summary" title="Summary">
      <p className="intent-route-line">
        <Route from={labelledLeg(from, tokenOf)} to={labelledLeg(arrived, tokenOf)} />
      </p>
      <KV
        label="Summary"
        rows={[
          ['Intent id', hex(intent.intentId)],
          ['Internal id', plain(intent.id)],
          ['Project', plain(intent.projectId) ?? notReported],
          ['Owner', hex(intent.ownerAddress, 'address', o)],
          ['Origin chain', chain(o)],
          ['Origin token', token(intent.originTokenAddress, o)],
          // An intent that moved nothing has an amount to send, not an amount sent.
          [sentNothing(intent.status) ? 'Amount to send (nothing sent)' : 'Amount sent', tokenAmount(from.amount, o, intent.originTokenAddress)],
          ['Destination chain', chain(d)],
          ['Destination token', token(intent.destinationTokenAddress, d)],
          ['Amount quoted', tokenAmount(to.amount, d, intent.destinationTokenAddress)],
          ['Amount received', received && received !== '0' ? tokenAmount(received, d, intent.destinationTokenAddress) : undefined],
          ['Recipient', hex(intent.quoteRequest?.destinationToAddress ?? receipt?.summary?.destinationToAddress, 'address', d)],
          ['Origin intent address', hex(intent.originIntentAddress, 'address', o)],
          ['Destination intent address', hex(intent.destinationIntentAddress, 'address', d)],
          ['Memo', receipt?.summary?.memo || undefined],
          ['Testnet', yesNo(intent.isTestnet, notReported)],
          ['Passthrough', yesNo(intent.passthrough, '')],
          ['Created', time(intent.createdAt)],
          ['Updated', time(intent.updatedAt)],
          ['Execution started', time(receipt?.summary?.startedAt)],
          ['Execution finished', time(receipt?.summary?.finishedAt)],
        ]}
      />
      {dep ? (
        <KV
          title="Deposit instruction"
          rows={[
            ['Chain', chain(dep.chainId)],
            ['Deposit to', hex(dep.toAddress, 'address', dep.chainId)],
            ['Token', hex(dep.tokenAddress, 'address', dep.chainId)],
            ['Amount', tokenAmount(dep.amount, dep.chainId ?? o, dep.tokenAddress)],
            ['Token decimals', plain(dep.decimals)],
            ['Transaction to', hex(dep.to, 'address', dep.chainId)],
            ['Transaction value', nativeAmount(dep.value, dep.chainId)],
            ['Transaction data', hex(dep.data)],
          ]}
        />
      ) : null}
    </Card>
  )
}
