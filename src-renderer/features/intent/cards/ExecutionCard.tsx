import type { Intent, IntentCalls, MetaTxn, TransactionPrecondition } from '@contract/service'
import { Hex } from '../../../components/Hex'
import { formatAmount } from '../../../lib/format'
import { Card, KV, NativeAmount, chain, hex, tokenAmount } from './parts'

const flag = (v: boolean | undefined) => (v === undefined ? '—' : v ? 'Yes' : 'No')

function CallsTable({ calls, label }: { calls: IntentCalls; label: string }) {
  return (
    <>
      <KV
        label={`${label} call batch`}
        rows={[
          ['Chain', chain(calls.chainId)],
          ['Nonce space', calls.space === undefined ? undefined : <span className="mono">{calls.space}</span>],
          ['Nonce', calls.nonce === undefined ? undefined : <span className="mono">{calls.nonce}</span>],
        ]}
      />
      {calls.calls?.length ? (
        <table className="data intent-table" aria-label={`${label} calls`}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">To</th>
              <th scope="col" className="num">Value</th>
              <th scope="col">Data</th>
              <th scope="col" className="num">Gas limit</th>
              <th scope="col">Delegate</th>
              <th scope="col">Only fallback</th>
              <th scope="col" className="num">On error</th>
            </tr>
          </thead>
          <tbody>
            {calls.calls.map((c, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>
                  <Hex value={c.to} kind="address" chainId={calls.chainId} />
                </td>
                <td className="num">{c.value === undefined ? '—' : <NativeAmount raw={c.value} chainId={calls.chainId} />}</td>
                <td>
                  <Hex value={c.data} />
                </td>
                <td className="num">{c.gasLimit === undefined ? '—' : formatAmount(c.gasLimit, 0)}</td>
                <td>{flag(c.delegateCall)}</td>
                <td>{flag(c.onlyFallback)}</td>
                <td className="num" title="behaviorOnError as sent by the service">
                  {c.behaviorOnError ?? '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
