import type { Call, Intent, IntentCalls, MetaTxn, TransactionPrecondition } from '@contract/service'
import { DataTable, type Column } from '../../../components/DataTable'
import { Hex } from '../../../components/Hex'
import { formatAmount, yesNo } from '../../../lib/format'
import { Card, KV, NativeAmount, chain, hex, mono, tokenAmount } from './parts'

type NumberedCall = { call: Call; i: number }
const callColumns = (chainId: number | undefined): Column<NumberedCall>[] => [
  { id: 'n', header: '#', cell: (r) => r.i + 1 },
  { id: 'to', header: 'To', cell: ({ call }) => <Hex value={call.to} kind="address" chainId={chainId} /> },
  { id: 'value', header: 'Value', align: 'right', cell: ({ call }) => (call.value === undefined ? '—' : <NativeAmount raw={call.value} chainId={chainId} />) },
  { id: 'data', header: 'Data', cell: ({ call }) => <Hex value={call.data} /> },
  { id: 'gas', header: 'Gas limit', align: 'right', cell: ({ call }) => (call.gasLimit === undefined ? '—' : formatAmount(call.gasLimit, 0)) },
  { id: 'delegate', header: 'Delegate', cell: ({ call }) => yesNo(call.delegateCall) },
  { id: 'fallback', header: 'Only fallback', cell: ({ call }) => yesNo(call.onlyFallback) },
  { id: 'onError', header: 'On error', align: 'right', cell: ({ call }) => <span title="behaviorOnError as sent by the service">{call.behaviorOnError ?? '—'}</span> },
]

function CallsTable({ calls, label }: { calls: IntentCalls; label: string }) {
  return (
    <>
      <KV
        label={`${label} call batch`}
        rows={[
          ['Chain', chain(calls.chainId)],
          ['Nonce space', mono(calls.space)],
          ['Nonce', mono(calls.nonce)],
        ]}
      />
      {calls.calls?.length ? (
        <div className="intent-table">
          <DataTable columns={callColumns(calls.chainId)} rows={calls.calls.map((call, i) => ({ call, i }))} rowKey={(r) => String(r.i)} label={`${label} calls`} />
        </div>
      ) : (
        <p className="muted">No calls in this batch.</p>
      )}
    </>
  )
}

const preconditionRows = (p: TransactionPrecondition) =>
  [
    ['Type', p.type],
    ['Chain', chain(p.chainId)],
    ['Holder', hex(p.ownerAddress, 'address', p.chainId)],
    ['Token', hex(p.tokenAddress, 'address', p.chainId)],
    ['Minimum amount', tokenAmount(p.minAmount, p.chainId, p.tokenAddress)],
  ] as const

const metaTxnRows = (m: MetaTxn) =>
  [
    ['Id', hex(m.id)],
    ['Chain', chain(m.chainId)],
    ['Wallet', hex(m.walletAddress, 'address', m.chainId)],
    ['Contract', hex(m.contract, 'address', m.chainId)],
    ['Input', hex(m.input)],
    ['Bridge gas', m.bridgeGas === undefined ? undefined : formatAmount(m.bridgeGas, 0)],
  ] as const

function Side({ label, calls, precondition, metaTxn }: { label: string; calls?: IntentCalls; precondition?: TransactionPrecondition; metaTxn?: MetaTxn }) {
  return (
    <div className="intent-side" role="group" aria-label={label}>
      <h3>{label}</h3>
      <h4>Calls</h4>
      {calls ? <CallsTable calls={calls} label={label} /> : <p className="muted">Not sent by the service.</p>}
      <h4>Precondition</h4>
      {precondition ? <KV label={`${label} precondition`} rows={preconditionRows(precondition)} /> : <p className="muted">Not sent by the service.</p>}
      <h4>Meta-transaction</h4>
      {metaTxn ? <KV label={`${label} meta-transaction`} rows={metaTxnRows(metaTxn)} /> : <p className="muted">Not sent by the service.</p>}
    </div>
  )
}

/** What the service will execute on each chain, and what must hold before it does. */
export function ExecutionCard({ intent }: { intent: Intent }) {
  return (
    <Card id="execution" title="Calls, preconditions and meta-transactions">
      <div className="intent-columns intent-columns-wide">
        <Side label="Origin" calls={intent.originCalls} precondition={intent.originPrecondition} metaTxn={intent.originMetaTxn} />
        <Side label="Destination" calls={intent.destinationCalls} precondition={intent.destinationPrecondition} metaTxn={intent.destinationMetaTxn} />
      </div>
    </Card>
  )
}
