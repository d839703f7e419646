import { Link } from 'react-router'
import type { ChainInfo } from '@contract/service'
import { routeName } from '../lib/chains'
import type { Column } from './DataTable'
import { Hex } from './Hex'

export const intentPath = (intentId: string): string => `/intent/${encodeURIComponent(intentId)}`

/** A link to an intent's page, marked with its id (`data-intent`) for whoever reads the list. */
export function IntentLink({ intentId }: { intentId: string }) {
  return (
    <Link to={intentPath(intentId)} data-intent={intentId}>
      <Hex value={intentId} />
    </Link>
  )
}

type IntentOfRow = { intentId: string; originChainId?: number; destinationChainId?: number }

/** The Intent and Route columns, as every table of intents writes them; `of` finds the intent in a row. */
export function intentColumns<R>(chains: ReadonlyMap<number, ChainInfo>, of: (row: R) => IntentOfRow): Column<R>[] {
  return [
    { id: 'intent', header: 'Intent', cell: (r) => <IntentLink intentId={of(r).intentId} /> },
    { id: 'route', header: 'Route', cell: (r) => routeName(chains, of(r).originChainId, of(r).destinationChainId), wrap: true },
  ]
}
