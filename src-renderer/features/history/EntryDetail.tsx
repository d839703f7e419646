import { Link } from 'react-router'
import type { IntentHistoryEntry } from '@contract/service'
import { RefusedFieldsNotice } from '../../components/RefusedFieldsNotice'
import { Amount } from '../../components/Amount'
import { FieldList, type Field } from '../../components/FieldList'
import { CopyButton } from '../../components/CopyButton'
import { Hex } from '../../components/Hex'
import { Route } from '../../components/Route'
import { StatusBadge } from '../../components/StatusBadge'
import { useEscapeKey } from '../../lib/useEscapeKey'
import { formatDateTime, formatDuration } from '../../lib/format'
import { useChainsById } from '../../lib/displaySources'
import { chainName } from '../../lib/chains'
import { WatchButton } from '../watch'
import { balanceLines } from './balances'
import { BalancesValue } from './BalancesValue'
import { historyEntryIntentId, receiptDurationMs, routeProviders } from '@contract/historyEntry'
import { intentPath } from '../../components/IntentLink'

/** The entry's route, owner, providers, times and failure reason. */
function EntryFacts({ entry }: { entry: IntentHistoryEntry }) {
  const r = entry.receipt
  const s = r?.summary
  const reason = r?.originTransaction?.statusReason
  const received = s?.destinationTokenAmount && s.destinationTokenAmount !== '0' ? s.destinationTokenAmount : undefined
  const fields: Field[] = [
    [
      'Route',
      <Route
        key="route"
        from={{
          chainId: s?.originChainId ?? r?.originChainId,
          tokenAddress: s?.originTokenAddress,
          amount: s?.originTokenAmount ?? s?.quotedOriginTokenAmount,
          symbol: s?.originTokenMetadata?.symbol,
          decimals: s?.originTokenMetadata?.decimals,
        }}
        to={{
          chainId: s?.destinationChainId ?? r?.destinationChainId,
          tokenAddress: s?.destinationTokenAddress,
          amount: received ?? s?.quotedDestinationTokenAmount,
          amountKind: received ? 'received' : 'quoted',
          symbol: s?.destinationTokenMetadata?.symbol,
          decimals: s?.destinationTokenMetadata?.decimals,
        }}
      />,
    ],
    ['Owner', <Hex key="owner" value={s?.ownerAddress ?? r?.ownerAddress} kind="address" chainId={s?.originChainId} />],
    ['Providers', routeProviders(entry).join(', ')],
    ['Created', formatDateTime(entry.createdAt ?? r?.createdAt)],
    ['Expires', formatDateTime(entry.expiresAt ?? s?.expiresAt)],
    ['Started', formatDateTime(s?.startedAt)],
    ['Finished', formatDateTime(s?.finishedAt)],
    ['Duration', formatDuration(receiptDurationMs(r))],
  ]
  return <FieldList fields={reason ? [...fields, ['Reason', reason]] : fields} />
}

/** Every token the entry's intent addresses hold, or why there is nothing to list. */
function EntryBalances({ entry, balancesRequested }: { entry: IntentHistoryEntry; balancesRequested: boolean }) {
  const chains = useChainsById()
  const lines = balanceLines(entry)
  if (!balancesRequested && entry.balances === undefined)
    return <p className="muted">Balances were not requested. Tick “Include balances” and apply to see them.</p>
  if (lines.length === 0)
    return (
      <p className="muted">
        {entry.hasBalance === false ? 'The intent addresses hold nothing (hasBalance: false).' : 'No balances reported for this intent.'}
      </p>
    )
  return (
    <>
      <p className="small">
        hasBalance: <strong>{entry.hasBalance === undefined ? '—' : entry.hasBalance ? 'yes' : 'no'}</strong>
      </p>
      <ul className="history-balances" aria-label="Intent balances">
        {lines.map((l, i) => (
          <li key={`${l.intentAddress}:${l.chainId}:${l.tokenAddress}:${i}`}>
            <div className="row">
              <Amount raw={l.balance} decimals={l.decimals} symbol={l.symbol} copyable />
              <span className="history-spacer" />
              <BalancesValue lines={[l]} label={`USD value of ${l.symbol ?? 'the balance'}`} />
            </div>
            <div className="muted small">
              on {chainName(chains, l.chainId)} at <Hex value={l.intentAddress} kind="address" chainId={l.chainId} />
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}

/** One entry in a panel over the table's right side: its facts and balances; Escape or Close puts it away. */
export function EntryDetail({
  entry,
  balancesRequested,
  onClose,
}: {
  entry: IntentHistoryEntry
  balancesRequested: boolean
  onClose(): void
}) {
  const intentId = historyEntryIntentId(entry)
  useEscapeKey(true, onClose)
  return (
    <aside className="card history-detail" aria-label="Intent details">
      <header className="row history-detail-head">
        <h2>Intent</h2>
        <StatusBadge status={entry.status ?? entry.receipt?.status} />
        <span className="history-spacer" />
        <button type="button" onClick={onClose} aria-label="Close details">
          Close
        </button>
      </header>
      {intentId ? (
        <p className="mono history-detail-id">
          {intentId}
          <CopyButton text={intentId} />
        </p>
      ) : null}
      <div className="row">
        {intentId ? <Link to={intentPath(intentId)}>Open intent</Link> : null}
        {intentId ? <WatchButton intentId={intentId} /> : null}
      </div>
      <RefusedFieldsNotice records={[entry]} />
      <EntryFacts entry={entry} />
      <h3>Balances</h3>
      <EntryBalances entry={entry} balancesRequested={balancesRequested} />
    </aside>
  )
}
