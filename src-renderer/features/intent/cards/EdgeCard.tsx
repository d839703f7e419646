import type { Edge } from '@contract/service'
import { Amount } from '../../../components/Amount'
import { Hex } from '../../../components/Hex'
import { Card, KV, chain, hex, time } from './parts'

/**
 * The leg on a non-EVM rail. Its hashes and addresses belong to the rail, which GetChains
 * does not describe, so they are shown with copy buttons but without explorer links.
 */
export function EdgeCard({ edge }: { edge: Edge | undefined }) {
  const m = edge?.edgeTokenMetadata
  return (
    <Card id="edge" title="Edge leg">
      {edge ? (
        <KV
          label="Edge leg"
          rows={[
            ['Rail', edge.rail],
            ['Edge id', hex(edge.edgeId)],
            ['Origin chain', chain(edge.originChainId)],
            ['Relay request', hex(edge.relayRequestId)],
            ['User account', hex(edge.edgeUserAddress)],
            ['Token', edge.edgeTokenAddress ? <span>{m?.symbol ? `${m.symbol} ` : ''}<Hex value={edge.edgeTokenAddress} /></span> : undefined],
            ['Amount', edge.edgeTokenAmount === undefined ? undefined : <Amount raw={edge.edgeTokenAmount} decimals={m?.decimals} symbol={m?.symbol} base copyable />],
            ['Init transaction', hex(edge.initTransactionHash)],
            ['Fill transaction', hex(edge.fillTransactionHash)],
            ['Refund transaction', hex(edge.refundTransactionHash)],
            ['Created', time(edge.createdAt)],
          ]}
        />
      ) : (
        <p className="muted">This intent has no edge leg: origin and destination are both EVM chains.</p>
      )}
    </Card>
  )
}
